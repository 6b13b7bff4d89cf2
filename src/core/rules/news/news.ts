/* The news extension's module: its rules (news-rules.ts) with their detector, words, fix and per-file count. */
import { childOf, childText, NEWS_NS, textOf } from '../../rows/ext-read';
import type { ExtElement } from '../../rows/types';
import { formatNumber } from '../../text/format';
import { firstOf, nth } from '../ext-words';
import { DAY_MS, daysFromCivil, parsed, parseW3c, W3cStatus } from '../lastmod/w3c-datetime';
import { makeProblem, quote, type Problem } from '../problem';
import type { Clock, ExtFix, RuleModule } from '../rule';
import {
  MAX_NEWS_AGE_DAYS,
  MAX_NEWS_PER_SITEMAP,
  NEWS_BIT,
  NEWS_DATE_INVALID,
  NEWS_DATE_MISSING,
  NEWS_PUBLICATION_MISSING,
  NEWS_RULES,
  NEWS_TOO_MANY,
  NEWS_TOO_OLD,
} from './news-rules';

const isNews = (el: ExtElement): boolean => el.ns === NEWS_NS && el.name === 'news';

/** Why a news publication date is not one engines read, or ''. */
function newsDateDefect(value: string): string {
  const status = parseW3c(value);
  if (status === W3cStatus.Format) return 'is not a W3C date; write it as 2024-01-05 or 2024-01-05T10:00:00+01:00';
  if (status === W3cStatus.Invalid) return 'is not a real date or time';
  if (parsed.precision < 3) return 'is not a complete date; news needs at least YYYY-MM-DD';
  if (status === W3cStatus.NoZone) return 'has a time but no time zone; add Z or an offset such as +01:00';
  return '';
}

/**
 * When a readable publication date was, as a day (date only) or an exact
 * instant (with a time and zone); null when the date is missing or is one of
 * news-date-*'s defects.
 */
function publishedOn(el: ExtElement): { day: number; ms: number | null } | null {
  const value = childText(el, 'publication_date');
  if (value === '' || newsDateDefect(value)) return null;
  const p = parsed;
  const day = daysFromCivil(p.year, p.month, p.day);
  if (p.precision < 4) return { day, ms: null };
  return { day, ms: day * DAY_MS + ((p.hour * 60 + p.minute - p.offset) * 60 + p.second) * 1000 };
}

/**
 * news-too-old: published more than two days before the check's date. A date
 * without a time names a whole day, somewhere on Earth: it is old once it is
 * more than two days before the check's day; a time with its zone is an
 * instant, old once it is more than 48 hours before the check's.
 */
function isTooOld(el: ExtElement, clock: Clock): boolean {
  const at = publishedOn(el);
  if (at === null) return false;
  return at.ms === null ? at.day < clock.nowDay - MAX_NEWS_AGE_DAYS : at.ms < clock.nowMs - MAX_NEWS_AGE_DAYS * DAY_MS;
}

/** The earliest readable publication of `news`: the one news-too-old speaks of (the oldest is old whenever one is). */
function oldestOf(news: readonly ExtElement[]): number {
  let oldest = -1;
  let when = Infinity;
  news.forEach((el, k) => {
    const at = publishedOn(el);
    const t = at === null ? Infinity : (at.ms ?? at.day * DAY_MS);
    if (t < when) {
      when = t;
      oldest = k;
    }
  });
  return oldest;
}

/** A news entry in words, for the list of what news-too-old's fix dropped: `<news:news> "Headline" (Daily, en; published 2024-01-05)`. */
function newsWords(el: ExtElement): string {
  const pub = childOf(el, 'publication');
  const source = [pub ? childText(pub, 'name') : '', pub ? childText(pub, 'language') : ''].filter((v) => v !== '');
  const date = childText(el, 'publication_date');
  const about = [source.join(', '), date ? `published ${date}` : ''].filter((v) => v !== '').join('; ');
  const title = childText(el, 'title');
  return `<news:news>${title ? ` ${quote(title, 80)}` : ''}${about ? ` (${about})` : ''}`;
}

const NEWS_FIXES: readonly ExtFix[] = [
  {
    kind: 'ext',
    rule: NEWS_TOO_OLD,
    // The URL and its other extensions stay; only the old entries go.
    apply: (ext, clock) => ext.filter((el) => !(isNews(el) && isTooOld(el, clock))),
    lists: (ext, clock) => ext.flatMap((el) => (isNews(el) && isTooOld(el, clock) ? [newsWords(el)] : [])),
  },
];

function publicationMissing(el: ExtElement): string {
  const pub = childOf(el, 'publication');
  if (!pub) return 'has no <news:publication> (with <news:name> and <news:language>)';
  const name = childText(pub, 'name') === '';
  const language = childText(pub, 'language') === '';
  if (name && language) return 'has a <news:publication> without <news:name> and <news:language>';
  if (name) return 'has no publication name (<news:name>)';
  if (language) return 'has no publication language (<news:language>)';
  return '';
}

function newsMask(el: ExtElement, clock: Clock): number {
  let m = 0;
  if (isTooOld(el, clock)) m |= NEWS_BIT.tooOld;
  if (publicationMissing(el)) m |= NEWS_BIT.publication;
  const date = childOf(el, 'publication_date');
  const value = date ? textOf(date) : '';
  if (value === '') m |= NEWS_BIT.dateMissing;
  else if (newsDateDefect(value)) m |= NEWS_BIT.dateInvalid;
  if (childText(el, 'title') === '') m |= NEWS_BIT.title;
  return m;
}

function describeNews(code: string, _loc: string, ext: readonly ExtElement[]): string {
  const news = ext.filter(isNews);
  switch (code) {
    case NEWS_PUBLICATION_MISSING.code:
      return firstOf(news, (el, k) => {
        const why = publicationMissing(el);
        return why ? `${nth('news entry', k, news.length)} ${why}` : '';
      });
    case NEWS_DATE_MISSING.code:
      return firstOf(news, (el, k) => {
        const date = childOf(el, 'publication_date');
        if (date && textOf(date) !== '') return '';
        return `${nth('news entry', k, news.length)} has ${date ? 'an empty' : 'no'} <news:publication_date>`;
      });
    case NEWS_TOO_OLD.code: {
      const k = oldestOf(news);
      const el = news[k];
      if (el === undefined) return '';
      const date = childText(el, 'publication_date');
      return `${nth('news entry', k, news.length)} was published ${quote(date)}, more than ${MAX_NEWS_AGE_DAYS} days before the check's date; Google News takes articles of the last ${MAX_NEWS_AGE_DAYS} days only, so its <news:news> can go (the URL stays)`;
    }
    case NEWS_DATE_INVALID.code:
      return firstOf(news, (el) => {
        const value = childText(el, 'publication_date');
        const why = value ? newsDateDefect(value) : '';
        return why ? `<news:publication_date> ${quote(value)} ${why}` : '';
      });
    default:
      return firstOf(news, (el, k) => {
        if (childText(el, 'title') !== '') return '';
        return `${nth('news entry', k, news.length)} has ${childOf(el, 'title') ? 'an empty' : 'no'} <news:title>`;
      });
  }
}

/** news-too-many for a source file with `n` news entries. */
function newsTooMany(file: string, n: number): Problem {
  return makeProblem(
    NEWS_TOO_MANY,
    `${file} has ${formatNumber(n)} news entries (<news:news>); a news sitemap may hold at most ${formatNumber(MAX_NEWS_PER_SITEMAP)}, and the export starts a new file there`,
    { file },
  );
}

/**
 * news-too-many's count: news entries per source file, as rows are added
 * (and, for the table check's re-checks, taken away). The table check keys
 * files by their index in the set, the streaming check by name.
 */
export class NewsPerFile<K> {
  private readonly counts = new Map<K, number>();

  add(file: K, by: number): void {
    const n = (this.counts.get(file) ?? 0) + by;
    if (n === 0) this.counts.delete(file);
    else this.counts.set(file, n);
  }

  /** news-too-many for every file over the limit; `nameOf` gives the file's name (none: rows added in the editor come from no file). */
  problems(nameOf: (file: K) => string | undefined): Problem[] {
    const out: Problem[] = [];
    for (const [file, n] of this.counts) {
      const name = nameOf(file);
      if (n > MAX_NEWS_PER_SITEMAP && name !== undefined) out.push(newsTooMany(name, n));
    }
    return out;
  }
}

export const NEWS = {
  rules: NEWS_RULES,
  extMask: (_page, ext, clock) => {
    let m = 0;
    for (const el of ext) if (isNews(el)) m |= newsMask(el, clock);
    return m;
  },
  describeExt: describeNews,
  fixes: NEWS_FIXES,
} as const satisfies RuleModule;

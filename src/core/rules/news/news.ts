/* The news extension's module: its rules (news-rules.ts) with their detector, words and per-file count. */
import { childOf, childText, NEWS_NS, textOf } from '../../rows/ext-read';
import type { ExtElement } from '../../rows/types';
import { formatNumber } from '../../text/format';
import { firstOf, nth } from '../ext-words';
import { parsed, parseW3c, W3cStatus } from '../lastmod/w3c-datetime';
import { makeProblem, quote, type Problem } from '../problem';
import type { RuleModule } from '../rule';
import {
  MAX_NEWS_PER_SITEMAP,
  NEWS_BIT,
  NEWS_DATE_INVALID,
  NEWS_DATE_MISSING,
  NEWS_PUBLICATION_MISSING,
  NEWS_RULES,
  NEWS_TOO_MANY,
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

function newsMask(el: ExtElement): number {
  let m = 0;
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
  extMask: (_page, ext) => {
    let m = 0;
    for (const el of ext) if (isNews(el)) m |= newsMask(el);
    return m;
  },
  describeExt: describeNews,
} as const satisfies RuleModule;

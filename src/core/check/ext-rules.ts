/*
 * The extension rules that depend on one row alone: hreflang values, hrefs
 * and self-reference, image locs, the required video and news fields. (Whether
 * alternates link back needs the other rows: ext-check.ts.)
 */
import {
  attrOf,
  childOf,
  childText,
  IMAGE_NS,
  isHreflangLink,
  NEWS_NS,
  textOf,
  VIDEO_NS,
  XHTML_NS,
} from '../rows/ext-read';
import type { ExtElement } from '../rows/types';
import { X, type ExtRuleCode } from './ext-bits';
import { hreflangValueDefect } from './hreflang-value';
import { parsed, parseW3c, W3cStatus } from './lastmod';
import { locMask } from './loc';
import { LOC_UNUSABLE } from './row-bits';
import { quote } from './describe';

/** True when `url` is not an absolute http(s) URL with a host (missing, relative, another scheme). */
export function isUnusableUrl(url: string): boolean {
  return (locMask(url) & LOC_UNUSABLE) !== 0;
}

/** A site uses a handful of hreflang values on every page: each is judged once. */
const VALUE_DEFECTS = new Map<string, boolean>();

function valueDefect(value: string): boolean {
  let bad = VALUE_DEFECTS.get(value);
  if (bad === undefined) {
    if (VALUE_DEFECTS.size >= 1024) VALUE_DEFECTS.clear();
    bad = hreflangValueDefect(value) !== '';
    VALUE_DEFECTS.set(value, bad);
  }
  return bad;
}

function hrefDefect(el: ExtElement): boolean {
  const href = attrOf(el, 'href');
  return href === undefined || isUnusableUrl(href);
}

function imageLocDefect(el: ExtElement): boolean {
  // An absent <image:loc> is a schema defect (ext-invalid); an empty or relative one is this rule's.
  const loc = childOf(el, 'loc');
  return loc !== undefined && isUnusableUrl(textOf(loc));
}

/** Why a news publication date is not one engines read, or ''. */
export function newsDateDefect(value: string): string {
  const status = parseW3c(value);
  if (status === W3cStatus.Format) return 'is not a W3C date; write it as 2024-01-05 or 2024-01-05T10:00:00+01:00';
  if (status === W3cStatus.Invalid) return 'is not a real date or time';
  if (parsed.precision < 3) return 'is not a complete date; news needs at least YYYY-MM-DD';
  if (status === W3cStatus.NoZone) return 'has a time but no time zone; add Z or an offset such as +01:00';
  return '';
}

function videoMask(el: ExtElement, page: string): number {
  let m = 0;
  if (childText(el, 'thumbnail_loc') === '') m |= X.videoThumbnail;
  if (childText(el, 'title') === '') m |= X.videoTitle;
  if (childText(el, 'description') === '') m |= X.videoDescription;
  const content = childText(el, 'content_loc');
  const player = childText(el, 'player_loc');
  if (content === '' && player === '') m |= X.videoLocation;
  else if (page !== '' && (content === page || player === page)) m |= X.videoSameAsPage;
  return m;
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
  if (publicationMissing(el)) m |= X.newsPublication;
  const date = childOf(el, 'publication_date');
  const value = date ? textOf(date) : '';
  if (value === '') m |= X.newsDateMissing;
  else if (newsDateDefect(value)) m |= X.newsDateInvalid;
  if (childText(el, 'title') === '') m |= X.newsTitle;
  return m;
}

/**
 * The extension rule bits of one row that depend on that row alone. `loc` is
 * the row's own URL (a video location or an alternate is compared with it).
 * Rows without extensions never get here.
 */
export function extOwnMask(loc: string, ext: readonly ExtElement[]): number {
  const page = loc.trim();
  let m = 0;
  let alternates = 0;
  let self = false;
  for (const el of ext) {
    if (el.ns === XHTML_NS) {
      if (!isHreflangLink(el)) continue;
      alternates++;
      if (valueDefect(attrOf(el, 'hreflang') ?? '')) m |= X.hreflangValue;
      if (hrefDefect(el)) m |= X.hreflangHref;
      else if ((attrOf(el, 'href') ?? '').trim() === page) self = true;
    } else if (el.ns === IMAGE_NS) {
      if (el.name === 'image' && imageLocDefect(el)) m |= X.imageLoc;
    } else if (el.ns === VIDEO_NS) {
      if (el.name === 'video') m |= videoMask(el, page);
    } else if (el.ns === NEWS_NS) {
      if (el.name === 'news') m |= newsMask(el);
    }
  }
  if (alternates > 0 && !self && page !== '') m |= X.hreflangSelfMissing;
  return m;
}

/** An alternate that is in the set but does not list the page back. */
export interface Unreciprocated {
  hreflang: string;
  href: string;
}

/** "video 2 ("Title")": which video of the row, for a message. */
function nth(kind: string, k: number, of: number, title = ''): string {
  const which = of > 1 ? `${capital(kind)} ${k + 1} of ${of}` : `The ${kind}`;
  return title ? `${which} (${quote(title, 40)})` : which;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function more(n: number): string {
  return n > 1 ? ` (and ${n - 1} more)` : '';
}

/**
 * The plain-language detail of an extension problem of a row: which element,
 * what is wrong, what to do. `unreciprocated` is needed by
 * hreflang-not-reciprocal only (ext-check.ts finds it).
 */
export function describeExt(
  code: ExtRuleCode,
  loc: string,
  ext: readonly ExtElement[],
  unreciprocated: readonly Unreciprocated[] = [],
): string {
  const page = loc.trim();
  const links = ext.filter(isHreflangLink);
  const videos = ext.filter((e) => e.ns === VIDEO_NS && e.name === 'video');
  const news = ext.filter((e) => e.ns === NEWS_NS && e.name === 'news');
  const images = ext.filter((e) => e.ns === IMAGE_NS && e.name === 'image');
  const firstOf = <T>(list: readonly T[], pick: (x: T, k: number) => string): string => {
    const found: string[] = [];
    list.forEach((x, k) => {
      const d = pick(x, k);
      if (d) found.push(d);
    });
    return found.length > 0 ? (found[0] as string) + more(found.length) : '';
  };
  switch (code) {
    case 'hreflang-value':
      return firstOf(links, (el) => {
        const value = attrOf(el, 'hreflang') ?? '';
        const why = hreflangValueDefect(value);
        return why ? `hreflang ${quote(value)} (href ${quote(attrOf(el, 'href') ?? '', 60)}) ${why}` : '';
      });
    case 'hreflang-href':
      return firstOf(links, (el) => {
        const href = attrOf(el, 'href');
        const lang = quote(attrOf(el, 'hreflang') ?? '');
        if (href === undefined) return `The alternate for hreflang ${lang} has no href`;
        return isUnusableUrl(href)
          ? `The alternate for hreflang ${lang} has the href ${quote(href, 60)}, which is not an absolute http(s) URL`
          : '';
      });
    case 'hreflang-self-missing':
      return `This page lists ${links.length} hreflang ${links.length === 1 ? 'alternate' : 'alternates'} but not itself; add one with its own language and href ${quote(page)}`;
    case 'hreflang-not-reciprocal': {
      const first = unreciprocated[0];
      if (!first) return 'An alternate of this page does not link back to it';
      return `The alternate ${quote(first.href)} (hreflang ${quote(first.hreflang)}) is in this set but does not list this page among its alternates; search engines ignore a pair that does not link both ways${more(unreciprocated.length)}`;
    }
    case 'image-loc-not-absolute':
      return firstOf(images, (el, k) => {
        if (!imageLocDefect(el)) return '';
        const v = textOf(childOf(el, 'loc') as ExtElement);
        return v === ''
          ? `${nth('image', k, images.length)} has an empty <image:loc>`
          : `${nth('image', k, images.length)} has the URL ${quote(v, 60)}, which is not an absolute http(s) URL`;
      });
    case 'video-thumbnail-missing':
    case 'video-title-missing':
    case 'video-description-missing': {
      const child =
        code === 'video-thumbnail-missing' ? 'thumbnail_loc' : code === 'video-title-missing' ? 'title' : 'description';
      return firstOf(videos, (el, k) => {
        if (childText(el, child) !== '') return '';
        const state = childOf(el, child) ? 'an empty' : 'no';
        return `${nth('video', k, videos.length, childText(el, 'title'))} has ${state} <video:${child}>`;
      });
    }
    case 'video-location-missing':
      return firstOf(videos, (el, k) =>
        childText(el, 'content_loc') === '' && childText(el, 'player_loc') === ''
          ? `${nth('video', k, videos.length, childText(el, 'title'))} has neither <video:content_loc> (the media file) nor <video:player_loc> (the player)`
          : '',
      );
    case 'video-location-same-as-page':
      return firstOf(videos, (el, k) => {
        const which =
          childText(el, 'content_loc') === page
            ? 'content_loc'
            : childText(el, 'player_loc') === page
              ? 'player_loc'
              : '';
        return which
          ? `${nth('video', k, videos.length, childText(el, 'title'))} has <video:${which}> equal to the page URL; it must point at the video file or the player, not at the page that shows it`
          : '';
      });
    case 'news-publication-missing':
      return firstOf(news, (el, k) => {
        const why = publicationMissing(el);
        return why ? `${nth('news entry', k, news.length)} ${why}` : '';
      });
    case 'news-date-missing':
      return firstOf(news, (el, k) => {
        const date = childOf(el, 'publication_date');
        if (date && textOf(date) !== '') return '';
        return `${nth('news entry', k, news.length)} has ${date ? 'an empty' : 'no'} <news:publication_date>`;
      });
    case 'news-date-invalid':
      return firstOf(news, (el) => {
        const value = childText(el, 'publication_date');
        const why = value ? newsDateDefect(value) : '';
        return why ? `<news:publication_date> ${quote(value)} ${why}` : '';
      });
    case 'news-title-missing':
      return firstOf(news, (el, k) => {
        if (childText(el, 'title') !== '') return '';
        return `${nth('news entry', k, news.length)} has ${childOf(el, 'title') ? 'an empty' : 'no'} <news:title>`;
      });
  }
}

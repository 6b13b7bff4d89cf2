/*
 * The key each split-by-meaning layout files a row under, and the order of
 * the files: section (first path segment), type (pages, images, videos,
 * news), locale (the row's own hreflang, else a locale path prefix), month
 * (lastmod year-month, freshest first).
 */
import { hreflangLinks, IMAGE_NS, newsCount, VIDEO_NS } from '../rows/ext-read';
import type { UrlRows } from '../rows/rows';

export type MeaningLayout = 'section' | 'type' | 'locale' | 'month';

/** Files of URLs at the root of the site (no first path segment). */
export const ROOT_SECTION = 'root';
/** Files of rows a layout has no key for (no locale, no readable lastmod). */
export const OTHER_KEY = 'other';

const TYPE_ORDER = ['pages', 'images', 'videos', 'news'];
const LOCALE_PREFIX = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?$/i;
const YEAR_MONTH = /^\s*(\d{4})-(\d{2})/;

/** The key of row `p` under a split-by-meaning layout: a safe file name part. */
export function keyOfRow(layout: MeaningLayout, rows: UrlRows, p: number): string {
  switch (layout) {
    case 'section':
      return fileSafe(firstSegment(rows.loc.get(p)).toLowerCase()) || ROOT_SECTION;
    case 'type': {
      const ext = rows.ext[p];
      if (newsCount(ext) > 0) return 'news';
      if (ext?.some((e) => e.ns === VIDEO_NS)) return 'videos';
      if (ext?.some((e) => e.ns === IMAGE_NS)) return 'images';
      return 'pages';
    }
    case 'locale': {
      const loc = rows.loc.get(p).trim();
      const own = hreflangLinks(rows.ext[p]).find((l) => l.href.trim() === loc && l.hreflang !== 'x-default');
      if (own) return fileSafe(own.hreflang.toLowerCase()) || OTHER_KEY;
      const seg = firstSegment(loc);
      return LOCALE_PREFIX.test(seg) ? fileSafe(seg.toLowerCase()) : OTHER_KEY;
    }
    case 'month': {
      const m = YEAR_MONTH.exec(rows.lastmod.get(p));
      return m ? `${m[1]}-${m[2]}` : OTHER_KEY;
    }
  }
}

/** The files' order: types in their fixed order, months freshest first, others as first met; `other` last. */
export function keyOrder(layout: MeaningLayout, keys: string[]): string[] {
  if (layout === 'type') return TYPE_ORDER.filter((k) => keys.includes(k));
  const rest = keys.filter((k) => k !== OTHER_KEY);
  if (layout === 'month') rest.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  return keys.includes(OTHER_KEY) ? [...rest, OTHER_KEY] : rest;
}

/** The first segment of a URL's path, percent-decoded ('' for the root or an unreadable URL). */
export function firstSegment(loc: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/([^/?#]*)/i.exec(loc.trim());
  if (!m) return '';
  try {
    return decodeURIComponent(m[1] as string);
  } catch {
    return m[1] as string;
  }
}

/** A key as a file name part: letters, digits, `-` and `_` (others become `-`), at most 60 characters. */
function fileSafe(s: string): string {
  return s
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

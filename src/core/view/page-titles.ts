import { childOf, childText, NEWS_NS, VIDEO_NS } from '../rows/ext-read';
import type { SitemapSet } from '../read/sitemap-set';
import type { ExtElement } from '../rows/types';

/** Where a page's title came from: the user, a crawl export, the page's news or video entry, or none (its slug). */
export type TitleSource = 'plan' | 'crawl' | 'news' | 'video' | '';

/**
 * The titles of the crawl exports given with the set, by URL (the first
 * export that names a URL wins, as the crawl-* checks read them).
 */
export function crawlTitles(set: SitemapSet): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of set.files) {
    if (f.siteData?.kind !== 'crawl') continue;
    for (const page of f.siteData.pages) if (page.title && !out.has(page.url)) out.set(page.url, page.title);
  }
  return out;
}

/** The title of a row's news entry, else of its first video; '' when it has neither. */
export function extTitle(ext: readonly ExtElement[] | undefined): { title: string; source: TitleSource } {
  if (!ext) return { title: '', source: '' };
  let video = '';
  for (const el of ext) {
    if (el.ns === NEWS_NS && el.name === 'news') {
      const t = childText(el, 'title').trim();
      if (t) return { title: t, source: 'news' };
    } else if (video === '' && el.ns === VIDEO_NS && el.name === 'video' && childOf(el, 'title')) {
      video = childText(el, 'title').trim();
    }
  }
  return video ? { title: video, source: 'video' } : { title: '', source: '' };
}

/** A row's title: the user's, else its crawl export's, else its news or video entry's; '' when none is known. */
export function pageTitle(
  set: SitemapSet,
  position: number,
  crawl: ReadonlyMap<string, string>,
): { title: string; source: TitleSource } {
  const rows = set.rows;
  const own = rows.plan.get(rows.id[position] as number)?.title;
  if (own) return { title: own, source: 'plan' };
  const fromCrawl = crawl.size > 0 ? crawl.get(rows.loc.get(position)) : undefined;
  if (fromCrawl) return { title: fromCrawl, source: 'crawl' };
  return extTitle(rows.ext[position]);
}

/**
 * A path segment as people read it: percent-escapes decoded ('caf%C3%A9' →
 * 'café'); a segment that does not decode stays as written.
 */
export function decodedSlug(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

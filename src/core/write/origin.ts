/*
 * Where the exported files are served. No relative location is ever written:
 * an index's `<loc>`s and robots.txt's `Sitemap:` lines are absolute, from
 * the Site URL, else from the imported index's own child URLs. The origin
 * every URL shares is only a guess the user confirms (it becomes the Site
 * URL); without a known origin a multi-file export is refused.
 */
import type { SitemapSet } from '../read/sitemap-set';
import { absoluteUrlOf, isAbsoluteHttpUrl, normalizeSiteUrl } from '../text/site-url';

/** Why a multi-file export cannot be written: the app's Download and the CLI say the same words. */
export const NO_ORIGIN_REASON =
  'No Site URL: the index and robots.txt must give the files’ absolute URLs, and neither a Site URL nor an imported index says where they are served. Set the Site URL (such as https://www.example.com/) and export again.';

/** Where the files go, and what said so. */
export interface SiteBase {
  /** An absolute URL ending in '/', or '' when unknown. */
  url: string;
  from: 'site-url' | 'index' | 'none';
}

/** The folder the exported files are served from: the Site URL, else the imported index's child URLs' origin. */
export function siteBaseOf(set: Pick<SitemapSet, 'files' | 'sitemaps'>, siteUrl: string): SiteBase {
  const typed = normalizeSiteUrl(siteUrl);
  if (isAbsoluteHttpUrl(typed)) return { url: typed, from: 'site-url' };
  for (const f of set.files) {
    if (f.kind !== 'sitemapindex') continue;
    const own = absoluteUrlOf(f.name);
    if (own) return { url: new URL(own).origin + '/', from: 'index' };
  }
  for (const e of set.sitemaps) {
    const url = absoluteUrlOf(e.loc.trim());
    if (url) return { url: new URL(url).origin + '/', from: 'index' };
  }
  return { url: '', from: 'none' };
}

/** A file name without its sitemap extension: `post-sitemap.xml.gz` → `post-sitemap`. */
export function stripSitemapExtension(name: string): string {
  return name.replace(/\.gz$/i, '').replace(/\.(xml|txt)$/i, '') || 'sitemap';
}

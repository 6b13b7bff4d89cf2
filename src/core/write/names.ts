/** The base name used when none is given. */
export const DEFAULT_BASE_NAME = 'sitemap';

/**
 * A usable base name: trimmed, without a file extension the user may have
 * typed (`sitemap.xml` → `sitemap`, else we would write `sitemap.xml.xml`),
 * and without path separators (a zip member with `/` becomes a folder and its
 * URL would no longer be siteUrl + name).
 */
export function cleanBaseName(baseName: string | undefined): string {
  let b = (baseName ?? '').trim().replace(/[/\\]/g, '-');
  for (;;) {
    const next = b.replace(/\.(xml|txt|gz)$/i, '');
    if (next === b) break;
    b = next;
  }
  return b === '' ? DEFAULT_BASE_NAME : b;
}

/**
 * The file names of a set of sitemaps: `base.xml` when there is one,
 * `base-1.xml`, `base-2.xml`… when several; `.txt` for text sitemaps; `.gz`
 * appended when gzipped.
 */
export function sitemapFileName(
  base: string,
  format: 'xml' | 'txt',
  position: number,
  count: number,
  gzip: boolean,
): string {
  return base + (count === 1 ? '' : '-' + (position + 1)) + '.' + format + (gzip ? '.gz' : '');
}

/**
 * The file names of the sitemap index: `base-index.xml`, or
 * `base-index-1.xml`… when the index had to be split; `.gz` when gzipped.
 */
export function indexFileName(base: string, position: number, count: number, gzip: boolean): string {
  return base + '-index' + (count === 1 ? '' : '-' + (position + 1)) + '.xml' + (gzip ? '.gz' : '');
}

/**
 * The URL a file will be served at. The name is percent-encoded as a path
 * segment, so an unusual base name still yields a valid URL.
 */
export function fileUrl(siteUrl: string, name: string): string {
  return siteUrl + encodeURIComponent(name);
}

/*
 * The site's URLs as text: the Site URL trimmed once (normalizeSiteUrl),
 * whether a string is an absolute http(s) URL, a relative loc made absolute,
 * and a source file's path on its site. Readers (an index's relative
 * children) and writers (an export's origin, a layout's folders) share them.
 */

/** The site URL with surrounding space trimmed and a trailing '/', or '' when none. */
export function normalizeSiteUrl(siteUrl: string): string {
  const s = siteUrl.trim();
  if (s === '') return '';
  return s.endsWith('/') ? s : s + '/';
}

/** True for an absolute http(s) URL with a host. */
export function isAbsoluteHttpUrl(url: string): boolean {
  return /^https?:\/\/[^/?#\s]+/i.test(url);
}

/** `s` when it is an absolute http(s) URL with a host (normalised by the URL parser), else undefined. */
export function absoluteUrlOf(s: string): string | undefined {
  if (!isAbsoluteHttpUrl(s)) return undefined;
  try {
    return new URL(s).href;
  } catch {
    return undefined;
  }
}

/** `loc` made absolute against `base` (an absolute URL): as is when absolute already; undefined when it cannot be. */
export function resolveAgainst(loc: string, base: string): string | undefined {
  const trimmed = loc.trim();
  if (trimmed === '') return undefined;
  const own = absoluteUrlOf(trimmed);
  if (own) return trimmed;
  if (!base || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return undefined;
  }
}

/**
 * A source file's path as the site has it: a fetched file's URL path, a zip
 * member's path inside the zip, else its name (a folder drop's relative path).
 */
export function sourcePath(name: string): string {
  const url = absoluteUrlOf(name);
  if (url) return decodeSafe(new URL(url).pathname).replace(/^\/+/, '') || 'sitemap.xml';
  const zip = name.toLowerCase().lastIndexOf('.zip/');
  return (zip >= 0 ? name.slice(zip + 5) : name).replace(/^\/+/, '');
}

function decodeSafe(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

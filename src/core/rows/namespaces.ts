import { SITEMAP_NS } from './types';

/** The extension namespaces search engines know, with the prefixes they are written with. */
export const KNOWN_EXTENSIONS = {
  image: 'http://www.google.com/schemas/sitemap-image/1.1',
  video: 'http://www.google.com/schemas/sitemap-video/1.1',
  news: 'http://www.google.com/schemas/sitemap-news/0.9',
  xhtml: 'http://www.w3.org/1999/xhtml',
  mobile: 'http://www.google.com/schemas/sitemap-mobile/1.0',
} as const;

const PREFIX_BY_NS = new Map<string, string>(Object.entries(KNOWN_EXTENSIONS).map(([p, ns]) => [ns, p]));

/** The conventional prefix of a known extension namespace, or undefined. */
export function knownPrefix(ns: string): string | undefined {
  return PREFIX_BY_NS.get(ns);
}

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** The namespace of `xmlns` attributes themselves: never declared (Namespaces in XML 1.0, §3). */
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/**
 * Namespaces seen in the wild in place of the sitemaps.org one. Files using
 * them are read as sitemaps and reported (`namespace`).
 */
const WRONG_SITEMAP_NAMESPACES = new Set([
  'https://www.sitemaps.org/schemas/sitemap/0.9',
  'http://www.sitemaps.org/schemas/sitemap/0.9/',
  'https://www.sitemaps.org/schemas/sitemap/0.9/',
  'http://sitemaps.org/schemas/sitemap/0.9',
  'https://sitemaps.org/schemas/sitemap/0.9',
  'http://www.google.com/schemas/sitemap/0.9',
  'http://www.google.com/schemas/sitemap/0.84',
  'http://www.sitemaps.org/schemas/sitemap/0.90',
]);

/** True for the exact namespace, a known wrong variant, or no namespace at all. */
export function isSitemapLikeNamespace(ns: string): boolean {
  return ns === SITEMAP_NS || ns === '' || WRONG_SITEMAP_NAMESPACES.has(ns);
}

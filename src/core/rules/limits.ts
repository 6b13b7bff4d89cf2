/** Per-file and per-index limits that an export must never exceed. */
export interface Limits {
  /** Most `<url>` entries (or text lines) in one sitemap file. */
  maxUrls: number;
  /** Most bytes of one file, uncompressed UTF-8, header and footer included. */
  maxBytes: number;
  /** Most `<sitemap>` entries in one sitemap index file. */
  maxSitemaps: number;
}

/**
 * The two limit profiles of SPEC §1: today's sitemaps.org limits, and the
 * stricter figures older documentation still quotes (10 MiB, 1,000 sitemaps
 * per index), for users whose tools still enforce them.
 */
export const LIMITS = {
  standard: { maxUrls: 50000, maxBytes: 52428800, maxSitemaps: 50000 },
  legacy: { maxUrls: 50000, maxBytes: 10485760, maxSitemaps: 1000 },
} as const satisfies Record<string, Limits>;

/**
 * The shapes every part of the core agrees on. Rows themselves live in the
 * columnar {@link UrlRows} store (rows.ts); everything here is small.
 */

/** The sitemaps.org 0.9 namespace, exactly as it must be written. */
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The four core fields of a `<url>` entry. */
export type UrlField = 'loc' | 'lastmod' | 'changefreq' | 'priority';

/** An attribute of an extension element, namespace-resolved. */
export interface ExtAttr {
  /** Namespace URI; '' for an unprefixed attribute. */
  ns: string;
  /** Prefix as found in the source, a hint for writing it back. */
  prefix: string;
  name: string;
  value: string;
}

/**
 * An element inside `<url>` that is not one of the four core fields: a known
 * extension (image, video, news, xhtml:link, mobile) or an unknown element.
 * Kept as a namespace-resolved tree so that it is written back with the same
 * meaning, correctly escaped, whatever the source's prefixes or CDATA were.
 */
export interface ExtElement {
  ns: string;
  /** Prefix as found in the source ('' for the default namespace), a hint for writing. */
  prefix: string;
  name: string;
  attrs: ExtAttr[];
  children: ExtNode[];
}

/** Text is kept as decoded text (entities and CDATA resolved). */
export type ExtNode = ExtElement | string;

export type SourceKind = 'urlset' | 'sitemapindex' | 'text' | 'csv' | 'none' | 'rss' | 'atom';

/** One file the user gave us (or one member of a zip). */
export interface SourceFile {
  /** Name as given; members of a zip are `bundle.zip/member.xml`. */
  name: string;
  kind: SourceKind;
  /** Rows read from this file (for an index: its `<sitemap>` entries). */
  count: number;
  /** Uncompressed size in bytes. */
  bytes: number;
  /** Encoding the text was decoded from, e.g. 'utf-8', 'utf-16le', 'windows-1252'. */
  encoding: string;
  compression: 'gzip' | null;
  /**
   * The file ends early (its gzip stream or its XML is cut off): what was
   * read is kept, what followed is lost, and a download asks first.
   */
  partial?: boolean;
  /** A robots.txt or a crawl export: data the checks use, not a sitemap (its kind is 'none'). */
  siteData?: SiteData;
}

/** Data about the site that is not a sitemap but that the checks use (robots-*, crawl-* rules). */
export type SiteData = { kind: 'robots'; text: string } | { kind: 'crawl'; pages: CrawlPage[] };

/** One row of a crawler's export (Screaming Frog, Sitebulb): what the crawler found at a URL. */
export interface CrawlPage {
  url: string;
  /** HTTP status code; 0 when the crawler got no answer. */
  status: number;
  /** The crawler said the page is not indexable because of a noindex. */
  noindex: boolean;
  /** The canonical link element, '' when none. */
  canonical: string;
  /** 1-based line of the row in the export. */
  line: number;
  /** The page's title (Title 1 / Title), when the export has one. */
  title?: string;
}

/** A `<sitemap>` entry of a sitemap index. */
export interface IndexEntry {
  /** Index into SitemapSet.files of the index file that lists it. */
  file: number;
  loc: string;
  lastmod: string;
  line: number;
  column: number;
  /** Index into SitemapSet.files of the child file once resolved by name, else -1. */
  child: number;
}

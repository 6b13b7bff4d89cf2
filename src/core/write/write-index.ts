import { SITEMAP_NS } from '../rows/types';
import { escapeLoc, escapeText } from './escape';
import { prolog, schemaLocationAttrs } from './xml-head';

/** `xsi:schemaLocation` value for a sitemap index. */
const SITEINDEX_SCHEMA_LOCATION = SITEMAP_NS + ' http://www.sitemaps.org/schemas/sitemap/0.9/siteindex.xsd';

/** The start of a `<sitemapindex>` file, up to and including the root start tag's line. */
export function indexHeader(schemaLocation: boolean, stylesheet = false): string {
  return (
    prolog(stylesheet) +
    '<sitemapindex xmlns="' +
    SITEMAP_NS +
    '"' +
    (schemaLocation ? schemaLocationAttrs(SITEINDEX_SCHEMA_LOCATION) : '') +
    '>\n'
  );
}

/** The end of a `<sitemapindex>` file. */
export function indexFooter(): string {
  return '</sitemapindex>\n';
}

/** One `<sitemap>` entry (siteindex.xsd order: loc, then lastmod). */
export function indexEntry(loc: string, lastmod: string): string {
  return (
    '  <sitemap>\n    <loc>' +
    escapeLoc(loc) +
    '</loc>\n' +
    (lastmod ? '    <lastmod>' + escapeText(lastmod) + '</lastmod>\n' : '') +
    '  </sitemap>\n'
  );
}

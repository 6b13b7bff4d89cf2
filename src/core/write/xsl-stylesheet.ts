import { KNOWN_EXTENSIONS } from '../rows/namespaces';
import { SITEMAP_NS } from '../rows/types';
import type { ExportAsset } from './options';

/**
 * The XSL stylesheet an export can write beside its sitemaps, so that a
 * person who opens one in a browser that still applies XSLT (Firefox,
 * Safari; Chromium until it removes XSLT) reads a styled table instead of
 * raw XML.
 *
 * It is safe by construction, whatever the sitemap holds: no script, no
 * `disable-output-escaping` (every value goes out through `xsl:value-of` or
 * an attribute value template, both escaped by the processor), and a value
 * becomes a link only when it starts with `http://` or `https://` (any
 * letter case): a `javascript:` or `data:` loc is shown as text, never as
 * an `href`. The page it makes carries a Content-Security-Policy that
 * allows no script, no connection and only its own inline style.
 */

/** The file's name, written beside the sitemaps; the processing instruction's `href`. */
export const SITEMAP_XSL_NAME = 'sitemap.xsl';

/** The processing instruction a sitemap or index written with the stylesheet carries, after the XML declaration. */
export function stylesheetInstruction(href: string): string {
  return '<?xml-stylesheet type="text/xsl" href="' + href + '"?>\n';
}

const STYLE = [
  'body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem;color:#1b1f24;background:#fff}',
  'h1{font-size:1.4rem;margin:0 0 .25rem}',
  'p{margin:0 0 1rem;color:#57606a}',
  'table{border-collapse:collapse;width:100%}',
  'th,td{text-align:left;padding:.35rem .6rem;border-bottom:1px solid #d0d7de;vertical-align:top}',
  'th{background:#f6f8fa;position:sticky;top:0}',
  'td.n{text-align:right;font-variant-numeric:tabular-nums}',
  'td.u{word-break:break-all}',
  'a{color:#0a58ca}',
  'tr:hover td{background:#f6f8fa}',
].join('');

/** A template that writes `$url` as a link when it is an http(s) URL, else as text. */
const LINK_TEMPLATE = `  <xsl:template name="link">
    <xsl:param name="url"/>
    <xsl:variable name="u" select="normalize-space($url)"/>
    <xsl:variable name="head" select="translate(substring($u, 1, 8), 'HTPS', 'htps')"/>
    <xsl:choose>
      <xsl:when test="starts-with($head, 'http://') or starts-with($head, 'https://')">
        <a href="{$u}"><xsl:value-of select="$u"/></a>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$u"/></xsl:otherwise>
    </xsl:choose>
  </xsl:template>`;

/**
 * The stylesheet files an export with the option writes: `sitemap.xsl` in
 * each folder that holds an XML file (kept files keep their folders, and the
 * instruction's `href` is relative), none when every file is a text sitemap.
 */
export function stylesheetAssets(names: readonly string[]): ExportAsset[] {
  const folders = new Set<string>();
  for (const name of names) {
    if (/\.txt(\.gz)?$/.test(name)) continue;
    folders.add(name.slice(0, name.lastIndexOf('/') + 1));
  }
  if (folders.size === 0) return [];
  const data = new TextEncoder().encode(sitemapXsl());
  return [...folders].sort().map((folder) => ({ name: folder + SITEMAP_XSL_NAME, data }));
}

/** The stylesheet's text (UTF-8, XSLT 1.0: what browsers implement). */
export function sitemapXsl(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:s="${SITEMAP_NS}"
  xmlns:image="${KNOWN_EXTENSIONS.image}"
  xmlns:video="${KNOWN_EXTENSIONS.video}"
  xmlns:news="${KNOWN_EXTENSIONS.news}"
  exclude-result-prefixes="s image video news">
  <xsl:output method="html" encoding="UTF-8" indent="yes" doctype-system="about:legacy-compat"/>

  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="UTF-8"/>
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="robots" content="noindex"/>
        <title>XML Sitemap</title>
        <style>${STYLE}</style>
      </head>
      <body>
        <xsl:apply-templates select="s:urlset | s:sitemapindex"/>
      </body>
    </html>
  </xsl:template>

  <xsl:template match="s:urlset">
    <h1>XML Sitemap</h1>
    <p><xsl:value-of select="count(s:url)"/> URLs. This page is for people; search engines read the XML.</p>
    <table>
      <thead>
        <tr><th>URL</th><th>Last modified</th><th>Change frequency</th><th>Priority</th><th>Images</th><th>Videos</th><th>News</th></tr>
      </thead>
      <tbody>
        <xsl:for-each select="s:url">
          <tr>
            <td class="u"><xsl:call-template name="link"><xsl:with-param name="url" select="s:loc"/></xsl:call-template></td>
            <td><xsl:value-of select="s:lastmod"/></td>
            <td><xsl:value-of select="s:changefreq"/></td>
            <td class="n"><xsl:value-of select="s:priority"/></td>
            <td class="n"><xsl:value-of select="count(image:image)"/></td>
            <td class="n"><xsl:value-of select="count(video:video)"/></td>
            <td class="n"><xsl:value-of select="count(news:news)"/></td>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
  </xsl:template>

  <xsl:template match="s:sitemapindex">
    <h1>XML Sitemap Index</h1>
    <p><xsl:value-of select="count(s:sitemap)"/> sitemaps. This page is for people; search engines read the XML.</p>
    <table>
      <thead>
        <tr><th>Sitemap</th><th>Last modified</th></tr>
      </thead>
      <tbody>
        <xsl:for-each select="s:sitemap">
          <tr>
            <td class="u"><xsl:call-template name="link"><xsl:with-param name="url" select="s:loc"/></xsl:call-template></td>
            <td><xsl:value-of select="s:lastmod"/></td>
          </tr>
        </xsl:for-each>
      </tbody>
    </table>
  </xsl:template>

${LINK_TEMPLATE}
</xsl:stylesheet>
`;
}

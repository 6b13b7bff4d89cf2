import type { SitemapSet } from '../read/sitemap-set';
import { branchAncestors, hostLabel, originLength } from '../text/url-branches';
import { escapeAttr, escapeText } from '../write/escape';
import { crawlTitles, decodedSlug, pageTitle } from './page-titles';

/** The HTML sitemap's file name. */
export const HTML_SITEMAP_NAME = 'sitemap.html';

/**
 * Links one HTML sitemap holds at most. A page for people: 50,000 links (the
 * protocol's own count per file) are about 6 MB of HTML, which a browser
 * still lays out in a few seconds; a million would be 120 MB no one reads.
 * Past it the page lists the first 50,000 in order (whole sections first)
 * and says how many it leaves to the XML sitemaps.
 */
export const HTML_SITEMAP_MAX_LINKS = 50_000;

export interface HtmlSitemap {
  name: string;
  data: Uint8Array;
  /** Links written, and URLs left out past {@link HTML_SITEMAP_MAX_LINKS}. */
  links: number;
  leftOut: number;
}

const STYLE = [
  'body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1f24}',
  'h1{font-size:1.5rem}',
  'ul{list-style:none;padding-left:1.25rem;margin:.2rem 0}',
  'body>ul{padding-left:0}',
  '.section{font-weight:600;margin-top:.6rem}',
  'a{color:#0a58ca}',
  '.note{color:#57606a}',
].join('');

/** A loc that may be a link: http(s) only, so a `javascript:` or `data:` loc is never an href. */
function isLinkable(loc: string): boolean {
  return /^https?:\/\/[^\s/?#]/i.test(loc);
}

/** A branch's heading: the host for an origin, else its last segment decoded. */
function sectionLabel(key: string): string {
  if (key.length === originLength(key)) return hostLabel(key);
  return decodedSlug(key.slice(key.lastIndexOf('/') + 1));
}

/** A page's words when it has no title: its path decoded ('/' for the home page). */
function pathLabel(loc: string): string {
  const origin = originLength(loc);
  if (origin === 0) return loc;
  const path = loc.slice(origin);
  return path === '' || path === '/' ? '/' : decodedSlug(path);
}

/**
 * One `sitemap.html`: a nested list of links by section, the branches the
 * structure view and the diagram use (`branchAncestors`: host, then each path
 * segment), each link's text the page's title where one is known (the user's,
 * a crawl export's, its news or video entry's: `pageTitle`) else its decoded
 * path. UTF-8, `lang` set, its own inline CSS and no script (a CSP meta that
 * allows none), every value escaped; a loc that is not http(s) is listed as
 * text. Built with a stack of open sections, never recursion.
 *
 * @param positions the rows to list (the export's); every row by default.
 */
export function htmlSitemap(
  set: SitemapSet,
  positions?: ArrayLike<number>,
  opts: { lang?: string; title?: string } = {},
): HtmlSitemap {
  const rows = set.rows;
  const all = positions ? Array.from(positions) : Array.from({ length: rows.length }, (_, i) => i);
  const entries: { loc: string; p: number }[] = [];
  for (const p of all) {
    const loc = rows.loc.get(p).trim();
    if (loc !== '') entries.push({ loc, p });
  }
  entries.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
  const listed = entries.slice(0, HTML_SITEMAP_MAX_LINKS);
  const crawl = crawlTitles(set);
  const title = opts.title ?? 'Sitemap';
  const out: string[] = [];
  out.push(
    '<!DOCTYPE html>\n<html lang="' + escapeAttr(opts.lang ?? 'en') + '">\n<head>\n<meta charset="utf-8">\n',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">\n`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
    '<title>' + escapeText(title) + '</title>\n<style>' + STYLE + '</style>\n</head>\n<body>\n',
    '<h1>' + escapeText(title) + '</h1>\n',
  );
  if (entries.length > listed.length)
    out.push(
      `<p class="note">The first ${listed.length.toLocaleString('en')} of ${entries.length.toLocaleString('en')} pages; the XML sitemaps list them all.</p>\n`,
    );
  out.push('<ul>\n');
  // The sections open above the current link, from the top (branch keys).
  const open: string[] = [];
  for (const { loc, p } of listed) {
    const chain = branchAncestors(loc).slice(1);
    let shared = 0;
    while (shared < open.length && shared < chain.length && open[shared] === chain[shared]) shared++;
    while (open.length > shared) {
      open.pop();
      out.push('</ul></li>\n');
    }
    for (let k = shared; k < chain.length; k++) {
      const key = chain[k] as string;
      open.push(key);
      out.push('<li><span class="section">' + escapeText(sectionLabel(key)) + '</span><ul>\n');
    }
    const words = pageTitle(set, p, crawl).title || pathLabel(loc);
    out.push(
      isLinkable(loc)
        ? '<li><a href="' + escapeAttr(loc) + '">' + escapeText(words) + '</a></li>\n'
        : '<li>' + escapeText(words) + '</li>\n',
    );
  }
  for (let k = 0; k < open.length; k++) out.push('</ul></li>\n');
  out.push('</ul>\n</body>\n</html>\n');
  return {
    name: HTML_SITEMAP_NAME,
    data: new TextEncoder().encode(out.join('')),
    links: listed.length,
    leftOut: entries.length - listed.length,
  };
}

/**
 * One urlset file of all N URLs, with a new line after every `<url>` or on
 * one line (as WordPress core and Hugo write): the same bytes but the line
 * ends, so the two import times compare the cost of positions on long lines
 * (issue 10: 200,000 URLs on one line once took 115 s, with new lines 0.85 s).
 */
import { escapeXml, forEachEntry } from './generate';

export function oneFileOf(n: number, oneLine: boolean): { name: string; bytes: Uint8Array } {
  const eol = oneLine ? '' : '\n';
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>${eol}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${eol}`,
  ];
  forEachEntry(n, (e) => {
    parts.push(
      `<url><loc>${escapeXml(e.loc)}</loc><lastmod>${e.lastmod}</lastmod><changefreq>${e.changefreq}</changefreq><priority>${e.priority}</priority></url>${eol}`,
    );
  });
  parts.push(`</urlset>${eol}`);
  return { name: oneLine ? 'one-line.xml' : 'lines.xml', bytes: new TextEncoder().encode(parts.join('')) };
}

import { makeProblem } from '../rules/problem';
import type { Problem } from '../rules/problem';
import { LOC_NOT_ABSOLUTE } from '../rules/loc/loc-rules';
import { commentSafe, CONTROL_CHAR } from './config-safe';
import { fileUrl } from './names';

/**
 * What a robots.txt line cannot carry: a line break or another control
 * character ends it or hides in it, white space splits it for some readers,
 * and `#` starts a comment wherever it stands.
 */
const BREAKS_A_LINE = new RegExp(`${CONTROL_CHAR.source}|[\\s#]`);

/** True when `url` cannot stand in a robots.txt line (see {@link robotsSitemapLines}). */
export function breaksRobotsLine(url: string): boolean {
  return BREAKS_A_LINE.test(url);
}

/**
 * The robots.txt `Sitemap:` lines of the files `names` served under
 * `siteUrl`, each ending in LF. A Site URL that would break its line (a
 * `--site` holding a line break would write `Disallow: /`) gives no line at
 * all, and a problem in `problems` says why; the file names are
 * percent-encoded by fileUrl, so they cannot.
 */
export function robotsSitemapLines(siteUrl: string, names: readonly string[], problems: Problem[]): string {
  if (breaksRobotsLine(siteUrl)) {
    problems.push(
      makeProblem(
        LOC_NOT_ABSOLUTE,
        `The Site URL "${commentSafe(siteUrl)}" (shown percent-encoded) holds white space, a control character or a "#", which would break a robots.txt line: no Sitemap: lines were written.`,
      ),
    );
    return '';
  }
  let text = '';
  for (const name of names) text += `Sitemap: ${fileUrl(siteUrl, name)}\n`;
  return text;
}

/**
 * The robots.txt `Sitemap:` lines of absolute `urls`, each ending in LF. A URL
 * that would break its line is left out, and a problem in `problems` says so.
 */
export function robotsLinesOf(urls: readonly string[], problems: Problem[]): string {
  let text = '';
  for (const url of urls) {
    if (!breaksRobotsLine(url)) {
      text += `Sitemap: ${url}\n`;
      continue;
    }
    problems.push(
      makeProblem(
        LOC_NOT_ABSOLUTE,
        `The sitemap URL "${commentSafe(url)}" (shown percent-encoded) holds white space, a control character or a "#", which would break a robots.txt line: its Sitemap: line was not written.`,
      ),
    );
  }
  return text;
}

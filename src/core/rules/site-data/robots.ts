import robotsParser from 'robots-parser';

/** A robots.txt directive line: `Name: value` (comments and blank lines aside). */
const DIRECTIVE = /^\s*(user-agent|disallow|allow|sitemap|crawl-delay|host|noindex|clean-param)\s*:/i;

/**
 * True when text is a robots.txt rather than a text sitemap: every line that
 * is not blank or a comment is a directive, and there is a User-agent or a
 * Sitemap line. Judged by content, so a dropped file of any name is read right.
 */
export function isRobotsTxt(text: string): boolean {
  let directives = 0;
  let anchored = false;
  for (const raw of text.split(/\r\n|\r|\n/, 2000)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '' || line === '\uFEFF') continue;
    const m = DIRECTIVE.exec(line.replace(/^\uFEFF/, ''));
    if (!m) return false;
    directives++;
    const name = (m[1] as string).toLowerCase();
    if (name === 'user-agent' || name === 'sitemap') anchored = true;
  }
  return directives > 0 && anchored;
}

/** What a robots.txt says, parsed by robots-parser (RFC 9309 matching, wildcards, longest match). */
export interface RobotsRules {
  /** The absolute URLs of its `Sitemap:` lines, in order. */
  sitemaps: string[];
  /**
   * The 1-based robots.txt line of the rule that blocks `url` for Googlebot
   * (its group, else `*`), or 0 when it is allowed or off this robots.txt's site.
   */
  blockingLine(url: string): number;
}

/** The robots.txt of a URL's origin ('' for a string that is not an absolute http(s) URL). */
export function robotsUrlFor(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.origin}/robots.txt` : '';
  } catch {
    return '';
  }
}

/**
 * Parses `text`, the robots.txt served at `robotsUrl` (rules hold only for
 * URLs of that origin, as crawlers apply them).
 */
export function parseRobots(robotsUrl: string, text: string): RobotsRules {
  const robots = robotsParser(robotsUrl, text);
  return {
    sitemaps: robots.getSitemaps(),
    blockingLine(url: string): number {
      let disallowed: boolean | undefined;
      try {
        disallowed = robots.isDisallowed(url, 'Googlebot');
      } catch {
        return 0;
      }
      if (!disallowed) return 0;
      return Math.max(robots.getMatchingLineNumber(url, 'Googlebot'), 1);
    },
  };
}

/** The `Sitemap:` URLs of a robots.txt (relative ones resolved against `robotsUrl`). */
export function robotsSitemaps(text: string, robotsUrl = 'https://robots.invalid/robots.txt'): string[] {
  return robotsParser(robotsUrl, text).getSitemaps();
}

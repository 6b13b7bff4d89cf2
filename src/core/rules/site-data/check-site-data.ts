import { originOf } from '../loc/location';
import { makeProblem, quote, type Problem } from '../problem';
import type { SitemapData } from '../../rows/sitemap-data';
import type { CrawlPage } from '../../rows/types';
import type { RuleCode } from '../registry';
import { parseRobots, robotsUrlFor, type RobotsRules } from './robots';
import {
  CRAWL_CANONICAL,
  CRAWL_NOINDEX,
  CRAWL_NOT_FOUND,
  CRAWL_REDIRECT,
  CRAWL_SERVER_ERROR,
  ROBOTS_BLOCKED,
  ROBOTS_NOT_LISTED,
  SITE_DATA_RULES,
  type CrawlRule,
} from './site-data-rules';
import { pushAll } from '../../base/push-all';

/** The codes this file reports, for a re-check that replaces them. */
const SITE_DATA_CODES: ReadonlySet<string> = new Set(SITE_DATA_RULES.map((r) => r.code));

interface RobotsSource {
  name: string;
  text: string;
  /** See {@link disallowPrefixes}. */
  prefixes: string[];
  lines: string[];
  /** The URL it was fetched from, or '' for a file given without one (it then holds for every site). */
  url: string;
  /** Parsed per origin, as it is met. */
  byOrigin: Map<string, RobotsRules>;
}

function isAbsoluteHttp(name: string): boolean {
  return /^https?:\/\/[^/]/i.test(name);
}

/**
 * The problems a robots.txt and a crawl export given with the sitemaps
 * reveal: URLs robots.txt blocks for Googlebot, sitemaps it does not list,
 * and URLs the crawl found missing, failing, redirecting, noindex or
 * canonicalised elsewhere. One located problem per row; none without such data.
 * With `positions`, only those rows are checked (after an edit; files did not change).
 */
export function checkSiteData(set: SitemapData, positions?: ArrayLike<number>): Problem[] {
  const robots: RobotsSource[] = [];
  const crawl = new Map<string, { page: CrawlPage; file: string }>();
  set.files.forEach((f) => {
    const data = f.siteData;
    if (data?.kind === 'robots')
      robots.push({
        name: f.name,
        text: data.text,
        prefixes: disallowPrefixes(data.text),
        lines: data.text.split(/\r\n|\r|\n/),
        url: isAbsoluteHttp(f.name) ? f.name : '',
        byOrigin: new Map(),
      });
    if (data?.kind === 'crawl')
      for (const page of data.pages) if (!crawl.has(page.url)) crawl.set(page.url, { page, file: f.name });
  });
  if (robots.length === 0 && crawl.size === 0) return [];
  const out: Problem[] = [];
  const rows = set.rows;
  const n = positions ? positions.length : rows.length;
  for (let k = 0; k < n; k++) {
    const i = positions ? (positions[k] as number) : k;
    const loc = rows.loc.get(i);
    if (loc === '') continue;
    const place = () => ({
      file: set.files[rows.file[i] ?? 0]?.name,
      line: rows.line[i] || undefined,
      column: rows.column[i] || undefined,
      row: rows.id[i] ?? 0,
      field: 'loc' as const,
    });
    if (robots.length > 0) {
      const blocked = blockedBy(robots, loc);
      if (blocked)
        out.push(
          makeProblem(
            ROBOTS_BLOCKED,
            `URL ${quote(loc)} is blocked for Googlebot by ${blocked.name} line ${blocked.line} (${quote(blocked.rule)}), so it cannot be crawled`,
            place(),
          ),
        );
    }
    const hit = crawl.get(loc);
    if (hit) {
      const p = crawlProblem(loc, hit.page, hit.file);
      if (p) out.push(makeProblem(p.rule, p.detail, place()));
    }
  }
  if (!positions) for (const r of robots) pushAll(out, unlisted(set, r));
  return out;
}

/**
 * The literal start of every Disallow rule of any group, cut at the first
 * wildcard, escape or non-ASCII character: a URL whose path starts with none
 * of them cannot be blocked, so robots-parser (about 10 µs a URL) is asked
 * only about the few that might be. Conservative: it only skips work.
 */
function disallowPrefixes(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/^[ \t]*disallow[ \t]*:[ \t]*([^#\s]*)/gim)) {
    const rule = m[1] as string;
    if (rule === '') continue; // "Disallow:" allows everything
    out.add(rule.replace(/[*$%\u0080-\uffff].*$/s, ''));
  }
  return [...out];
}

/** The path and query of an absolute URL, as robots.txt rules match them. */
function pathAndQuery(loc: string): string {
  const a = loc.indexOf('://');
  const end = a < 0 ? -1 : loc.slice(a + 3).search(/[/?#]/);
  if (end < 0) return '/';
  const rest = loc.slice(a + 3 + end);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

function blockedBy(robots: RobotsSource[], loc: string): { name: string; line: number; rule: string } | null {
  const path = pathAndQuery(loc.trim());
  if (!robots.some((r) => r.prefixes.some((p) => path.startsWith(p)))) return null;
  const origin = originOf(loc);
  if (origin === null) return null;
  const robotsUrl = `${origin}/robots.txt`;
  for (const r of robots) {
    if (!r.prefixes.some((p) => path.startsWith(p))) continue;
    if (r.url !== '' && robotsUrlFor(r.url) !== robotsUrl) continue;
    let rules = r.byOrigin.get(robotsUrl);
    if (!rules) {
      rules = parseRobots(robotsUrl, r.text);
      r.byOrigin.set(robotsUrl, rules);
    }
    const line = rules.blockingLine(loc);
    if (line > 0) return { name: r.name, line, rule: (r.lines[line - 1] ?? '').trim() };
  }
  return null;
}

/** The crawl rule a page breaks, with its detail, or null for a page fit for a sitemap. */
export function crawlProblem(loc: string, page: CrawlPage, file: string): { rule: CrawlRule; detail: string } | null {
  const where = `in the crawl (${file} line ${page.line})`;
  const leave = 'leave it out of the sitemap';
  const s = page.status;
  if (s >= 300 && s < 400)
    return {
      rule: CRAWL_REDIRECT,
      detail: `URL ${quote(loc)} answered ${s} (a redirect) ${where}; list its target instead, or ${leave}`,
    };
  if (s >= 400 && s < 500)
    return { rule: CRAWL_NOT_FOUND, detail: `URL ${quote(loc)} answered ${s} ${where}; ${leave}` };
  if (s === 0 || s >= 500 || s < 200)
    return {
      rule: CRAWL_SERVER_ERROR,
      detail: `URL ${quote(loc)} ${s === 0 ? 'got no answer' : `answered ${s}`} ${where}; fix the server or ${leave}`,
    };
  if (page.noindex)
    return {
      rule: CRAWL_NOINDEX,
      detail: `URL ${quote(loc)} is marked noindex ${where}; ${leave}, or remove the noindex`,
    };
  if (page.canonical !== '' && page.canonical !== loc)
    return {
      rule: CRAWL_CANONICAL,
      detail: `URL ${quote(loc)} names ${quote(page.canonical)} as its canonical ${where}; list the canonical URL instead, or ${leave}`,
    };
  return null;
}

/** Lower-case file name, `.gz` dropped: how a Sitemap: line is matched to a file given without its URL. */
function nameKey(nameOrUrl: string): string {
  const clean = nameOrUrl.replace(/[?#].*$/, '');
  return clean
    .slice(clean.lastIndexOf('/') + 1)
    .toLowerCase()
    .replace(/\.gz$/, '');
}

/** robots-not-listed: the sitemaps and indexes of the set that robots.txt does not name, children of an index excepted. */
function unlisted(set: SitemapData, r: RobotsSource): Problem[] {
  const lines = parseRobots(r.url || 'https://robots.invalid/robots.txt', r.text).sitemaps;
  const urls = new Set(lines);
  const names = new Set(lines.map(nameKey));
  const children = new Set(set.sitemaps.map((e) => e.child).filter((c) => c >= 0));
  const out: Problem[] = [];
  set.files.forEach((f, i) => {
    if (f.kind === 'none' || children.has(i)) return;
    if (isAbsoluteHttp(f.name) ? urls.has(f.name) : names.has(nameKey(f.name))) return;
    if (r.url !== '' && isAbsoluteHttp(f.name) && robotsUrlFor(f.name) !== robotsUrlFor(r.url)) return;
    out.push(
      makeProblem(
        ROBOTS_NOT_LISTED,
        `${r.name} does not list this sitemap: add a "Sitemap: ${isAbsoluteHttp(f.name) ? f.name : `<URL of ${f.name}>`}" line so crawlers find it`,
        { file: f.name },
      ),
    );
  });
  return out;
}

/** What {@link refreshSiteData} updates of a check result. */
interface CountedProblems {
  problems: Problem[];
  counts: Record<Problem['severity'], number>;
  byCode: Partial<Record<RuleCode, number>>;
}

function count(result: CountedProblems, p: Problem, by: 1 | -1): void {
  const n = (result.byCode[p.code] ?? 0) + by;
  if (n === 0) delete result.byCode[p.code];
  else result.byCode[p.code] = n;
  result.counts[p.severity] += by;
}

/**
 * After edits: robots.txt and crawl data apply per loc, so the problems of
 * the rows at `positions` (every row when omitted) are found again and the
 * totals kept right. Costs nothing without such data.
 */
export function refreshSiteData(set: SitemapData, result: CountedProblems, positions?: ArrayLike<number>): void {
  if (!set.files.some((f) => f.siteData)) return;
  // Only the edited rows' problems are found again: a pass over a million rows per keystroke would not do.
  const ids = positions ? new Set(Array.from(positions, (p) => set.rows.id[p] as number)) : null;
  const stale = (p: Problem) => SITE_DATA_CODES.has(p.code) && (!ids || (p.row !== undefined && ids.has(p.row)));
  for (const p of result.problems) if (stale(p)) count(result, p, -1);
  result.problems = result.problems.filter((p) => !stale(p));
  for (const p of checkSiteData(set, positions)) {
    result.problems.push(p);
    count(result, p, 1);
  }
}

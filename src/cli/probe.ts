/*
 * `check URL --probe N|all`: the live status of listed URLs without a
 * crawler. Each URL picked is asked for its head (HEAD; GET, its body left
 * unread, where HEAD is refused with 405 or 501) through the run's Fetcher
 * (one fetch policy: its concurrency, per-host rate, caps, deadline and
 * address checks), no redirect followed, and only on the site's hosts. What
 * it answers is judged as a crawl export's row is: crawl-not-found,
 * crawl-server-error, crawl-redirect, crawl-noindex (X-Robots-Tag),
 * crawl-canonical (a Link header naming another canonical).
 */
import type { SitemapSet } from '../core/read/sitemap-set';
import type { CrawlPage } from '../core/rows/types';
import { FETCH_REFUSED } from '../core/rules/fetch/fetch-rules';
import { makeProblem, type Problem } from '../core/rules/problem';
import { crawlProblem } from '../core/rules/site-data/check-site-data';
import { formatNumber } from '../core/text/format';
import { UsageError } from './args';
import type { Fetcher, Headed } from './fetch/fetch-policy';
import { plural } from './report';

/** How many listed URLs to probe: a number (a random sample) or all. */
export type ProbeCount = number | 'all';

export function parseProbeCount(raw: string): ProbeCount {
  if (raw === 'all') return 'all';
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`--probe needs a whole number of at least 1 or "all", not "${raw}"`);
  return n;
}

/** What a probe did, for the report. */
export interface ProbeOutcome {
  /** Listed URLs on the site's hosts, each once. */
  eligible: number;
  /** Listed URLs left alone: on another host, or not an http(s) URL. */
  otherHosts: number;
  probed: number;
  /** Answers by kind: 2xx, 3xx, 4xx, 5xx, and no answer (failed or refused). */
  answers: { ok: number; redirect: number; clientError: number; serverError: number; failed: number };
  /** URLs asked again with GET after HEAD was refused. */
  getAfterHead: number;
  problems: Problem[];
}

/** The directives an X-Robots-Tag value may start with (`unavailable_after: date` carries a colon of its own). */
const DIRECTIVES =
  /^(all|noindex|nofollow|none|noarchive|nosnippet|notranslate|noimageindex|indexifembedded|unavailable_after|max-snippet|max-image-preview|max-video-preview)$/i;

/** Whether an X-Robots-Tag says noindex to Google (`noindex` or `none`, for every crawler or for googlebot). */
export function robotsTagNoindex(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return values.some((v) => {
    let rules = v;
    const named = /^\s*([\w-]+)\s*:\s*(.*)$/.exec(v);
    if (named && !DIRECTIVES.test(named[1] as string)) {
      // "otherbot: noindex" is another crawler's.
      if (!/^googlebot$/i.test(named[1] as string)) return false;
      rules = named[2] as string;
    }
    return rules.split(',').some((r) => /^\s*(noindex|none)\s*$/i.test(r));
  });
}

/** The canonical a Link header names (`<url>; rel="canonical"`), resolved against the URL asked for; '' when none. */
export function linkCanonical(header: string | string[] | undefined, url: string): string {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  for (const v of values) {
    for (const m of v.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
      if (!/;\s*rel\s*=\s*"?(?:[^";,]*\s)?canonical(?:\s[^";,]*)?"?/i.test(m[2] ?? '')) continue;
      return URL.canParse(m[1] as string, url) ? new URL(m[1] as string, url).href : '';
    }
  }
  return '';
}

/** The rows to probe: by loc, the first row of each URL on the site's hosts. */
function eligibleRows(set: SitemapSet, hosts: ReadonlySet<string>): { rows: number[]; other: number } {
  const rows: number[] = [];
  const seen = new Set<string>();
  let other = 0;
  for (let i = 0; i < set.rows.length; i++) {
    const loc = set.rows.loc.get(i);
    if (seen.has(loc)) continue;
    seen.add(loc);
    let host = '';
    try {
      const u = new URL(loc);
      if (u.protocol === 'http:' || u.protocol === 'https:') host = u.host;
    } catch {
      // Not a URL: nothing to ask.
    }
    if (host !== '' && hosts.has(host)) rows.push(i);
    else other++;
  }
  return { rows, other };
}

/** `count` of `rows` picked at random (all of them for 'all', in order). */
function sample(rows: number[], count: ProbeCount, random: () => number): number[] {
  if (count === 'all' || count >= rows.length) return rows;
  const pool = rows.slice();
  for (let k = 0; k < count; k++) {
    const j = k + Math.floor(random() * (pool.length - k));
    [pool[k], pool[j]] = [pool[j] as number, pool[k] as number];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/**
 * Probes `count` listed URLs of `set` on `hosts` through `fetcher`; at most
 * twice the fetcher's concurrency are asked for at once (it keeps the
 * slots), so 'all' of a million URLs holds a few requests, never a million.
 */
export async function probeListed(
  set: SitemapSet,
  fetcher: Fetcher,
  hosts: ReadonlySet<string>,
  count: ProbeCount,
  random: () => number = Math.random,
): Promise<ProbeOutcome> {
  const { rows, other } = eligibleRows(set, hosts);
  const picked = sample(rows, count, random);
  const outcome: ProbeOutcome = {
    eligible: rows.length,
    otherHosts: other,
    probed: picked.length,
    answers: { ok: 0, redirect: 0, clientError: 0, serverError: 0, failed: 0 },
    getAfterHead: 0,
    problems: [],
  };
  const found: (Problem | null)[] = new Array<Problem | null>(picked.length).fill(null);
  let next = 0;
  const probeOne = async (k: number) => {
    const i = picked[k] as number;
    const loc = set.rows.loc.get(i);
    let got: Headed = await fetcher.head(loc, 'HEAD');
    if (got.ok && (got.status === 405 || got.status === 501)) {
      outcome.getAfterHead++;
      got = await fetcher.head(loc, 'GET');
    }
    const place = {
      file: set.files[set.rows.file[i] ?? 0]?.name,
      line: set.rows.line[i] || undefined,
      column: set.rows.column[i] || undefined,
      row: set.rows.id[i] ?? 0,
      field: 'loc' as const,
    };
    if (!got.ok && got.failure.kind === 'refused') {
      outcome.answers.failed++;
      found[k] = makeProblem(FETCH_REFUSED, `Not probed: ${got.failure.reason}`, place);
      return;
    }
    const status = got.ok ? got.status : 0;
    const a = outcome.answers;
    if (status === 0) a.failed++;
    else if (status < 300) a.ok++;
    else if (status < 400) a.redirect++;
    else if (status < 500) a.clientError++;
    else a.serverError++;
    const page: CrawlPage = {
      url: loc,
      status,
      noindex: got.ok && robotsTagNoindex(got.headers['x-robots-tag']),
      canonical: got.ok ? linkCanonical(got.headers.link, loc) : '',
      line: 0,
    };
    const location = got.ok && status >= 300 && status < 400 ? String(got.headers.location ?? '') : '';
    const p = crawlProblem(loc, page, '', location ? `when probed (to ${location})` : 'when probed');
    if (p) found[k] = makeProblem(p.rule, p.detail, place);
  };
  const lanes = Math.max(1, fetcher.policy.concurrency * 2);
  await Promise.all(
    Array.from({ length: Math.min(lanes, picked.length) }, async () => {
      while (next < picked.length) await probeOne(next++);
    }),
  );
  for (const p of found) if (p) outcome.problems.push(p);
  return outcome;
}

/** The probe's summary line. */
export function probeLine(o: ProbeOutcome): string {
  const a = o.answers;
  const parts = [
    `${formatNumber(a.ok)} 2xx`,
    `${formatNumber(a.redirect)} redirect${a.redirect === 1 ? '' : 's'}`,
    `${formatNumber(a.clientError)} 4xx`,
    `${formatNumber(a.serverError)} 5xx`,
    `${formatNumber(a.failed)} without an answer`,
  ];
  const get = o.getAfterHead ? `; GET for ${plural(o.getAfterHead, 'URL')} that refused HEAD` : '';
  const other = o.otherHosts
    ? `; ${plural(o.otherHosts, 'listed URL')} on other hosts (or not http(s)) left alone`
    : '';
  return `probed ${formatNumber(o.probed)} of ${plural(o.eligible, 'listed URL')}: ${parts.join(', ')}${get}${other}`;
}

/** The probe as `check --format json` reports it (`probe`). */
export interface ProbeReport {
  eligible: number;
  probed: number;
  otherHosts: number;
  getAfterHead: number;
  answers: ProbeOutcome['answers'];
}

export function probeReport(o: ProbeOutcome): ProbeReport {
  return {
    eligible: o.eligible,
    probed: o.probed,
    otherHosts: o.otherHosts,
    getAfterHead: o.getAfterHead,
    answers: { ...o.answers },
  };
}

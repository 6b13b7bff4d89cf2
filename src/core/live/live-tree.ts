/*
 * The walk from a live URL to every file it leads to, whoever fetches: the
 * CLI and `serve`'s endpoint through the CLI's Fetcher (one fetch policy),
 * the page's Open URL worker through the browser (a site that allows it).
 */
import { formatBytes, formatNumber } from '../text/format';
import { makeProblem, type Problem } from '../rules/problem';
import { FETCH_REDIRECTED, FETCH_REFUSED } from '../rules/fetch/fetch-rules';
import { importFiles, type ImportOptions, type InputFile } from '../read/import-files';
import { gunzipCapped } from '../read/inflate';
import { sniffBytes } from '../rules/file/sniff';
import { isRobotsTxt, robotsSitemaps } from '../rules/site-data/robots';
import { shownUrl, type LiveFetcher } from './fetched';
import { fetchProblem, otherHostProblems } from './fetch-problems';
import { pushAll } from '../base/push-all';

type Gunzip = NonNullable<ImportOptions['gunzip']>;

/** How far a walk is: URLs fetched (or failed) of those found so far, and the bytes read. */
export interface LiveProgress {
  done: number;
  found: number;
  bytes: number;
  /** The URL just read. */
  url: string;
}

export interface LiveWalkOptions {
  /** How a gzipped answer is inflated to tell what it is and to list an index's children (the core's by default). */
  gunzip?: Gunzip;
  /** Hears every URL read, as it is. */
  onProgress?: (p: LiveProgress) => void;
  /** Report the hosts reached that the user did not name (fetch-other-host): the CLI's words; true by default. */
  reportOtherHosts?: boolean;
}

/** What one URL given on the command line led to: every file fetched from it (robots.txt → sitemaps → index → children). */
export interface LiveTree {
  /** Named by the URL each was read from (after redirects), in the order they were found. */
  files: InputFile[];
  /** Fetch problems, located by the URL asked for. */
  problems: Problem[];
  /** URL asked for → URL read (after redirects), for every fetch that succeeded. */
  finalUrl: Map<string, string>;
  /** URLs asked for whose fetch failed or was refused (reported in `problems`). */
  failed: Set<string>;
}

/** The first 64 KiB as text, gunzipped when gzipped: enough to tell a robots.txt or an index. */
function head(bytes: Uint8Array, gunzip: Gunzip): string {
  const plain = sniffBytes(bytes).kind === 'gzip' ? gunzip(bytes, 1 << 26).data : bytes;
  return new TextDecoder().decode(plain.subarray(0, 65_536));
}

/**
 * The locs of an index's entries that name a scheme (an index is read whole:
 * at most 50,000 entries). Those that are not http(s) are kept, for the
 * fetcher to refuse out loud; relative ones are the index's own problem.
 */
function indexChildren(name: string, bytes: Uint8Array, gunzip: Gunzip): string[] {
  const set = importFiles([{ name, bytes }], { gunzip });
  return set.sitemaps.map((e) => e.loc.trim()).filter((loc) => /^[a-z][a-z0-9+.-]*:/i.test(loc));
}

function isRobotsUrl(url: string): boolean {
  try {
    return new URL(url).pathname === '/robots.txt';
  } catch {
    return false;
  }
}

/**
 * Fetches a sitemap, sitemap index or robots.txt URL and what it leads to:
 * a robots.txt's `Sitemap:` lines and an index's children (an index listed by
 * an index is fetched but not followed: that is nested-index). Each URL once,
 * every fetch under `fetcher`'s policy: URLs found in content count against
 * its sitemap cap, and the hosts reached that were not named are reported.
 */
export async function fetchLiveTree(root: string, fetcher: LiveFetcher, opts: LiveWalkOptions = {}): Promise<LiveTree> {
  const gunzip = opts.gunzip ?? gunzipCapped;
  const tree: LiveTree = { files: [], problems: [], finalUrl: new Map(), failed: new Set() };
  const knownHosts = new Set(fetcher.otherHosts?.keys() ?? []);
  const progress: LiveProgress = { done: 0, found: 1, bytes: 0, url: root };
  const heard = (url: string, bytes: number) => {
    progress.done++;
    progress.bytes += bytes;
    progress.url = url;
    opts.onProgress?.({ ...progress });
  };
  const seen = new Set<string>();
  const robotsCap = fetcher.policy.maxRobotsBytes;
  // Files are kept in discovery order, whatever order the answers come in.
  const slots: (InputFile | null)[] = [];
  const problemSlots: Problem[][] = [];

  /** Visits the URLs `listedBy` lists, as far as the run's sitemap cap goes; what is over it is reported once, at the list. */
  // recursion-ok: visit calls it after its fetch is awaited, each on a stack of its own; `seen` ends a cycle of indexes
  async function follow(urls: readonly string[], listedBy: string, followIndex: boolean, into: Problem[]) {
    const fresh = [...new Set(urls)].filter((u) => !seen.has(u));
    let n = 0;
    while (n < fresh.length && fetcher.claimSitemap()) n++;
    const taken = fresh.slice(0, n);
    const over = fresh.slice(n);
    progress.found += n;
    if (over.length > 0) {
      for (const u of over) tree.failed.add(u);
      into.push(
        makeProblem(
          FETCH_REFUSED,
          `${formatNumber(over.length)} of the sitemaps listed here were not fetched (the first: ${shownUrl(over[0] as string)}): the run's cap of ${formatNumber(fetcher.policy.maxSitemaps)} sitemaps (--max-sitemaps) was reached`,
          { file: listedBy },
        ),
      );
    }
    await Promise.all(taken.map((u) => visit(u, followIndex)));
  }

  // recursion-ok: an index's sitemaps are visited after its fetch is awaited, each on a stack of its
  // own; `seen` ends a cycle of indexes
  async function visit(url: string, followIndex: boolean): Promise<void> {
    if (seen.has(url)) return;
    seen.add(url);
    const slot = slots.push(null) - 1;
    problemSlots[slot] = [];
    const robotsByName = isRobotsUrl(url);
    const got = await fetcher.fetch(url, robotsByName ? { maxBytes: robotsCap, truncate: true } : {});
    const problems = problemSlots[slot] as Problem[];
    heard(url, got.ok ? got.bytes.length : 0);
    if (!got.ok) {
      tree.failed.add(url);
      problems.push(fetchProblem(got));
      return;
    }
    tree.finalUrl.set(url, got.finalUrl);
    if (got.redirects.length) {
      problems.push(
        makeProblem(
          FETCH_REDIRECTED,
          `The URL redirects (${got.redirects.length === 1 ? '1 redirect' : `${got.redirects.length} redirects`}: ${got.redirects.map(shownUrl).join(' → ')}); it was read from ${shownUrl(got.finalUrl)}, whose location the rules use`,
          { file: url },
        ),
      );
    }
    if (seen.has(got.finalUrl) && got.finalUrl !== url) return;
    seen.add(got.finalUrl);
    let bytes = got.bytes;
    const text = head(bytes, gunzip);
    const robots = isRobotsTxt(text);
    // A robots.txt found by its content at another path is held to the same cap.
    if (got.truncated || (robots && bytes.length > robotsCap)) {
      bytes = bytes.subarray(0, robotsCap);
      problems.push(
        makeProblem(
          FETCH_REFUSED,
          `${robots ? 'This robots.txt' : 'The answer'} is larger than ${formatBytes(robotsCap)}, the cap on a robots.txt (Google reads no further): only its first ${formatBytes(robotsCap)} were read`,
          { file: url },
          'warning',
        ),
      );
    }
    slots[slot] = { name: got.finalUrl, bytes };
    if (robots) {
      const whole = new TextDecoder().decode(bytes);
      await follow(robotsSitemaps(whole, got.finalUrl), got.finalUrl, true, problems);
    } else if (followIndex && /<(?:[\w-]+:)?sitemapindex[\s>/]/.test(text)) {
      await follow(indexChildren(got.finalUrl, bytes, gunzip), got.finalUrl, false, problems);
    }
  }

  await visit(root, true);
  slots.forEach((f, i) => {
    if (f) tree.files.push(f);
    pushAll(tree.problems, problemSlots[i] ?? []);
  });
  if (fetcher.otherHosts && opts.reportOtherHosts !== false) {
    const reached = new Map([...fetcher.otherHosts].filter(([host]) => !knownHosts.has(host)));
    for (const p of otherHostProblems(reached)) tree.problems.push(p);
  }
  return tree;
}

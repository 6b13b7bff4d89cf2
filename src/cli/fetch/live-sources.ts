import { formatBytes, formatNumber } from '../../core/text/format';
import { makeProblem } from '../../core/rules/problem';
import { importFiles, type InputFile } from '../../core/read/import-files';
import { sniffBytes } from '../../core/rules/file/sniff';
import { isRobotsTxt, robotsSitemaps } from '../../core/rules/site-data/robots';
import type { Problem } from '../../core/rules/problem';
import { FETCH_REDIRECTED, FETCH_REFUSED } from '../../core/rules/fetch/fetch-rules';
import { nodeGunzip } from '../node-gzip';
import { shownUrl, type Fetcher } from './fetch-policy';
import { fetchProblem, otherHostProblems } from './fetch-problems';
import { pushAll } from '../../core/base/push-all';

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
function head(bytes: Uint8Array): string {
  const plain = sniffBytes(bytes).kind === 'gzip' ? nodeGunzip(bytes, 1 << 26).data : bytes;
  return new TextDecoder().decode(plain.subarray(0, 65_536));
}

/**
 * The locs of an index's entries that name a scheme (an index is read whole:
 * at most 50,000 entries). Those that are not http(s) are kept, for the
 * fetcher to refuse out loud; relative ones are the index's own problem.
 */
function indexChildren(name: string, bytes: Uint8Array): string[] {
  const set = importFiles([{ name, bytes }], { gunzip: nodeGunzip });
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
export async function fetchLiveTree(root: string, fetcher: Fetcher): Promise<LiveTree> {
  const tree: LiveTree = { files: [], problems: [], finalUrl: new Map(), failed: new Set() };
  const knownHosts = new Set(fetcher.otherHosts.keys());
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
    const text = head(bytes);
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
      await follow(indexChildren(got.finalUrl, bytes), got.finalUrl, false, problems);
    }
  }

  await visit(root, true);
  slots.forEach((f, i) => {
    if (f) tree.files.push(f);
    pushAll(tree.problems, problemSlots[i] ?? []);
  });
  const reached = new Map([...fetcher.otherHosts].filter(([host]) => !knownHosts.has(host)));
  for (const p of otherHostProblems(reached)) tree.problems.push(p);
  return tree;
}

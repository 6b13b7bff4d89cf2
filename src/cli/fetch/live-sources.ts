import { makeProblem } from '../../core/problem';
import { importFiles, type InputFile } from '../../core/read/import-files';
import { sniffBytes } from '../../core/read/sniff';
import { isRobotsTxt, robotsSitemaps } from '../../core/site-data/robots';
import type { Problem } from '../../core/types';
import { nodeGunzip } from '../node-gzip';
import { fetchSource, type Fetched, type FetchOptions } from './http-fetch';
import { pushAll } from '../../core/push-all';

/** What one URL given on the command line led to: every file fetched from it (robots.txt → sitemaps → index → children). */
export interface LiveTree {
  /** Named by the URL each was read from (after redirects), in the order they were found. */
  files: InputFile[];
  /** Fetch problems, located by the URL asked for. */
  problems: Problem[];
  /** URL asked for → URL read (after redirects), for every fetch that succeeded. */
  finalUrl: Map<string, string>;
  /** URLs asked for whose fetch failed (reported in `problems`). */
  failed: Set<string>;
}

/** Runs at most `n` tasks at once, in the order they were given. */
function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((r) => waiting.push(r));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** The first 64 KiB as text, gunzipped when gzipped: enough to tell a robots.txt or an index. */
function head(bytes: Uint8Array): string {
  const plain = sniffBytes(bytes).kind === 'gzip' ? nodeGunzip(bytes, 1 << 26).data : bytes;
  return new TextDecoder().decode(plain.subarray(0, 65_536));
}

/** The absolute http(s) locs of an index's entries (an index is read whole: at most 50,000 entries). */
function indexChildren(name: string, bytes: Uint8Array): string[] {
  const set = importFiles([{ name, bytes }], { gunzip: nodeGunzip });
  return set.sitemaps.map((e) => e.loc.trim()).filter((loc) => /^https?:\/\/[^/]/i.test(loc));
}

function failureProblem(f: Extract<Fetched, { ok: false }>): Problem {
  const where = { file: f.url };
  const via = f.redirects.length ? ` (after redirects to ${f.redirects.join(' → ')})` : '';
  if (f.failure.kind === 'http') {
    return makeProblem(
      'fetch-http-error',
      `HTTP error: ${f.failure.status}${f.failure.statusText ? ` ${f.failure.statusText}` : ''}${via}: the server did not send the file`,
      where,
    );
  }
  if (f.failure.kind === 'redirect')
    return makeProblem(
      'fetch-redirect',
      `The URL redirects ${f.failure.reason}${f.redirects.length ? `: ${f.redirects.join(' → ')}` : ''}; crawlers give up`,
      where,
    );
  return makeProblem('fetch-failed', `Couldn't fetch the URL${via}: ${f.failure.reason}`, where);
}

/**
 * Fetches a sitemap, sitemap index or robots.txt URL and what it leads to:
 * a robots.txt's `Sitemap:` lines and an index's children (an index listed by
 * an index is fetched but not followed: that is nested-index). Each URL once.
 */
export async function fetchLiveTree(root: string, opts: FetchOptions): Promise<LiveTree> {
  const tree: LiveTree = { files: [], problems: [], finalUrl: new Map(), failed: new Set() };
  const run = limiter(opts.concurrency);
  const seen = new Set<string>();
  // Files are kept in discovery order, whatever order the answers come in.
  const slots: (InputFile | null)[] = [];
  const problemSlots: Problem[][] = [];

  // recursion-ok: an index's sitemaps are visited after its fetch is awaited, each on a stack of its
  // own; `seen` ends a cycle of indexes
  async function visit(url: string, followIndex: boolean): Promise<void> {
    if (seen.has(url)) return;
    seen.add(url);
    const slot = slots.push(null) - 1;
    problemSlots[slot] = [];
    const got = await run(() => fetchSource(url, opts));
    const problems = problemSlots[slot] as Problem[];
    if (!got.ok) {
      tree.failed.add(url);
      problems.push(failureProblem(got));
      return;
    }
    tree.finalUrl.set(url, got.finalUrl);
    if (got.redirects.length) {
      problems.push(
        makeProblem(
          'fetch-redirected',
          `The URL redirects (${got.redirects.length === 1 ? '1 redirect' : `${got.redirects.length} redirects`}: ${got.redirects.join(' → ')}); it was read from ${got.finalUrl}, whose location the rules use`,
          { file: url },
        ),
      );
    }
    if (seen.has(got.finalUrl) && got.finalUrl !== url) return;
    seen.add(got.finalUrl);
    slots[slot] = { name: got.finalUrl, bytes: got.bytes };
    const text = head(got.bytes);
    if (isRobotsTxt(text)) {
      const whole = new TextDecoder().decode(got.bytes);
      await Promise.all(robotsSitemaps(whole, got.finalUrl).map((u) => visit(u, true)));
    } else if (followIndex && /<(?:[\w-]+:)?sitemapindex[\s>/]/.test(text)) {
      await Promise.all(indexChildren(got.finalUrl, got.bytes).map((u) => visit(u, false)));
    }
  }

  await visit(root, true);
  slots.forEach((f, i) => {
    if (f) tree.files.push(f);
    pushAll(tree.problems, problemSlots[i] ?? []);
  });
  return tree;
}

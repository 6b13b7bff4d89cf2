import type { SitemapSet } from '../../core/read/sitemap-set';
import { UsageError } from '../args';
import { DEFAULT_POLICY, Fetcher, type FetcherDeps, type FetchPolicy } from './fetch-policy';
import { fetchLiveTree, type LiveTree } from './live-sources';
import { INDEX_CHILD_MISSING } from '../../core/rules/sitemap-index/index-rules';

/** A command-line word that is a live source rather than a path. */
export function isLiveUrl(arg: string): boolean {
  return /^https?:\/\/[^/]/i.test(arg);
}

/** Options that take no value: the word after any other option is its value, never a source. */
const FLAGS = new Set(['--json', '--gzip', '--fix', '--legacy', '--no-duplicates']);

/** The live URLs among a command's words (not the values of options such as --site). */
export function liveArgs(args: readonly string[]): string[] {
  return args.filter((a, i) => {
    const prev = args[i - 1] ?? '';
    const isValue = prev.startsWith('--') && prev !== '--' && !prev.includes('=') && !FLAGS.has(prev);
    return isLiveUrl(a) && !isValue;
  });
}

/** The trees fetched before a command runs (commands read them synchronously, as they read files). */
const TREES = new Map<string, LiveTree>();

/** The hosts of the live URLs among `args`, as the URL parser writes them (`URL.host`): the hosts the user named. */
export function namedHosts(args: readonly string[]): string[] {
  return [...new Set(args.filter(isLiveUrl).flatMap((a) => (URL.canParse(a) ? [new URL(a).host] : [])))];
}

/**
 * Fetches every URL among `args`, one tree after another, all under one
 * {@link Fetcher} (one run: one deadline, one byte and sitemap budget) whose
 * named hosts are those of `args`; the commands then find them with {@link liveTree}.
 */
export async function prefetchLive(
  args: readonly string[],
  policy: FetchPolicy = DEFAULT_POLICY,
  deps?: FetcherDeps,
): Promise<void> {
  const live = args.filter((a) => isLiveUrl(a) && !TREES.has(a));
  if (live.length === 0) return;
  const fetcher = new Fetcher({ ...policy, namedHosts: [...policy.namedHosts, ...namedHosts(args)] }, deps);
  try {
    for (const arg of live) if (!TREES.has(arg)) TREES.set(arg, await fetchLiveTree(arg, fetcher));
  } finally {
    fetcher.close();
  }
}

export function liveTree(url: string): LiveTree {
  const tree = TREES.get(url);
  if (!tree) throw new UsageError(`${url} was not fetched (live URLs need the installed command or npm run cli)`);
  return tree;
}

/** Forgets what was fetched (tests run many commands in one process). */
export function clearLive(): void {
  TREES.clear();
}

/**
 * Adds the fetch problems of the live sources among `paths` to a set read
 * from them, and matches index entries to the files fetched for them by URL
 * (a redirected child is named by where it was read from, so a match by name
 * would miss it). An entry whose fetch failed is reported once, as a fetch problem.
 */
export function applyLive(set: SitemapSet, paths: readonly string[]): void {
  const trees = paths.filter(isLiveUrl).map(liveTree);
  if (trees.length === 0) return;
  const finalUrl = new Map<string, string>();
  const failed = new Set<string>();
  for (const t of trees) {
    for (const [a, b] of t.finalUrl) finalUrl.set(a, b);
    for (const u of t.failed) failed.add(u);
  }
  const byName = new Map(set.files.map((f, i) => [f.name, i]));
  const settled = new Set<string>();
  for (const entry of set.sitemaps) {
    const loc = entry.loc.trim();
    const read = finalUrl.get(loc);
    const child = read === undefined ? undefined : byName.get(read);
    // By URL, not by file name: /a/sitemap.xml and /b/sitemap.xml are two files.
    if (child !== undefined) entry.child = child;
    if (entry.child >= 0 && child === undefined) continue;
    if (child !== undefined || failed.has(loc))
      settled.add(`${set.files[entry.file]?.name}:${entry.line}:${entry.column}`);
  }
  set.problems = set.problems.filter(
    (p) => p.code !== INDEX_CHILD_MISSING.code || !settled.has(`${p.file}:${p.line}:${p.column}`),
  );
  const seen = new Set<string>();
  for (const t of trees) {
    for (const p of t.problems) {
      const key = `${p.code} ${p.file}`;
      if (!seen.has(key)) set.problems.push(p);
      seen.add(key);
    }
  }
}

/** The fetch options that take a number: the policy's field, the smallest value, and the unit it is given in (ms by default). */
const NUMERIC: Record<string, { field: keyof FetchPolicy; min: number; scale: number }> = {
  timeout: { field: 'timeoutMs', min: 1, scale: 1 },
  retries: { field: 'retries', min: 0, scale: 1 },
  'retry-delay': { field: 'retryDelayMs', min: 0, scale: 1 },
  concurrency: { field: 'concurrency', min: 1, scale: 1 },
  'host-concurrency': { field: 'hostConcurrency', min: 1, scale: 1 },
  deadline: { field: 'deadlineMs', min: 1, scale: 1000 },
  'max-sitemaps': { field: 'maxSitemaps', min: 0, scale: 1 },
  'max-total-mib': { field: 'maxTotalBytes', min: 1, scale: 1024 * 1024 },
};

/** The fetch options that take no value. */
const SWITCHES: Record<string, 'allowPrivate' | 'sameHost'> = {
  'allow-private': 'allowPrivate',
  'same-host': 'sameHost',
};

/**
 * The fetch policy's options (`--timeout MS`, `--retries N`, `--retry-delay MS`,
 * `--concurrency N`, `--host-concurrency N`, `--deadline S`, `--max-sitemaps N`,
 * `--max-total-mib N`, `--allow-private`, `--same-host`): taken out of the
 * command line before a command parses it.
 */
export function takeFetchOptions(argv: readonly string[]): { rest: string[]; policy: FetchPolicy } {
  const policy: FetchPolicy = { ...DEFAULT_POLICY };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const name = m?.[1] ?? '';
    const flag = SWITCHES[name];
    if (flag && m?.[2] === undefined) {
      policy[flag] = true;
      continue;
    }
    const spec = NUMERIC[name];
    if (!m || !spec) {
      rest.push(arg);
      continue;
    }
    const raw = m[2] ?? argv[++i];
    const n = Number(raw);
    if (raw === undefined || raw.trim() === '' || !Number.isSafeInteger(n) || n < spec.min)
      throw new UsageError(`--${name} needs a whole number of at least ${spec.min}, not "${raw ?? ''}"`);
    (policy[spec.field] as number) = n * spec.scale;
  }
  return { rest, policy };
}

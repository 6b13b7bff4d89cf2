import type { SitemapSet } from '../../core/read/sitemap-set';
import { UsageError } from '../args';
import { DEFAULT_FETCH, type FetchOptions } from './http-fetch';
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

/** Fetches every URL among `args`, one tree after another; the commands then find them with {@link liveTree}. */
export async function prefetchLive(args: readonly string[], opts: FetchOptions = DEFAULT_FETCH): Promise<void> {
  for (const arg of args) {
    if (isLiveUrl(arg) && !TREES.has(arg)) TREES.set(arg, await fetchLiveTree(arg, opts));
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

/** `--timeout MS`, `--retries N`, `--retry-delay MS`, `--concurrency N`: taken out of the command line before a command parses it. */
export function takeFetchOptions(argv: readonly string[]): { rest: string[]; opts: FetchOptions } {
  const opts: FetchOptions = { ...DEFAULT_FETCH };
  const names: Record<string, keyof FetchOptions> = {
    timeout: 'timeoutMs',
    retries: 'retries',
    'retry-delay': 'retryDelayMs',
    concurrency: 'concurrency',
  };
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const m = /^--(timeout|retries|retry-delay|concurrency)(?:=(.*))?$/.exec(arg);
    if (!m) {
      rest.push(arg);
      continue;
    }
    const raw = m[2] ?? argv[++i];
    const n = Number(raw);
    const min = m[1] === 'retries' || m[1] === 'retry-delay' ? 0 : 1;
    if (raw === undefined || !Number.isInteger(n) || n < min)
      throw new UsageError(`--${m[1]} needs a whole number of at least ${min}, not "${raw ?? ''}"`);
    opts[names[m[1] as string] as keyof FetchOptions] = n;
  }
  return { rest, opts };
}

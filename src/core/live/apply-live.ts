import type { SitemapSet } from '../read/sitemap-set';
import type { Problem } from '../rules/problem';
import { INDEX_CHILD_MISSING } from '../rules/sitemap-index/index-rules';
import type { LiveTree } from './live-tree';

/**
 * What a walk found besides its files, in a form that crosses a worker's
 * message or `serve`'s answer (plain arrays, no Map or Set): the fetch
 * problems, URL asked for → URL read, and the URLs that gave no file.
 */
export interface LiveNotes {
  problems: Problem[];
  finalUrl: [string, string][];
  failed: string[];
}

export function liveNotes(tree: LiveTree): LiveNotes {
  return { problems: tree.problems, finalUrl: [...tree.finalUrl], failed: [...tree.failed] };
}

/**
 * Adds the fetch problems of live sources to a set read from their files,
 * and matches index entries to the files fetched for them by URL (a
 * redirected child is named by where it was read from, so a match by name
 * would miss it). An entry whose fetch failed is reported once, as a fetch problem.
 */
export function applyLive(set: SitemapSet, notes: readonly LiveNotes[]): void {
  if (notes.length === 0) return;
  const finalUrl = new Map<string, string>();
  const failed = new Set<string>();
  for (const t of notes) {
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
  for (const t of notes) {
    for (const p of t.problems) {
      const key = `${p.code} ${p.file}`;
      if (!seen.has(key)) set.problems.push(p);
      seen.add(key);
    }
  }
}

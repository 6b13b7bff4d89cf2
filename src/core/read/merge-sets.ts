import type { SitemapSet } from './sitemap-set';
import { resolveIndexChildren } from './resolve-index';
import { INDEX_CHILD_MISSING, NESTED_INDEX } from '../rules/sitemap-index/index-rules';
import { pushAll } from '../base/push-all';

/**
 * Appends `more` (a freshly imported set) to `into`: its files, rows (with
 * new ids), index entries and problems. Index entries are resolved again
 * over all files, so a child dropped after its index is found.
 */
export function mergeSets(into: SitemapSet, more: SitemapSet): void {
  const offset = into.files.length;
  pushAll(into.files, more.files);
  into.rows.append(more.rows, offset);
  into.rows.seal();
  for (const s of more.sitemaps) into.sitemaps.push({ ...s, file: s.file + offset, child: -1 });
  into.problems = into.problems.filter((p) => p.code !== INDEX_CHILD_MISSING.code && p.code !== NESTED_INDEX.code);
  pushAll(
    into.problems,
    more.problems.filter((p) => p.code !== INDEX_CHILD_MISSING.code && p.code !== NESTED_INDEX.code),
  );
  for (const s of into.sitemaps) s.child = -1;
  resolveIndexChildren(into);
}

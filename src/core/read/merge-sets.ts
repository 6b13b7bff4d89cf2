import type { SitemapSet } from '../sitemap-set';
import { resolveIndexChildren } from './resolve-index';
import { pushAll } from '../push-all';

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
  into.problems = into.problems.filter((p) => p.code !== 'index-child-missing' && p.code !== 'nested-index');
  pushAll(
    into.problems,
    more.problems.filter((p) => p.code !== 'index-child-missing' && p.code !== 'nested-index'),
  );
  for (const s of into.sitemaps) s.child = -1;
  resolveIndexChildren(into);
}

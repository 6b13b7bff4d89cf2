import { ArenaDictColumn } from '../core/rows/arena-dict-column';
import { snapshotSet, type DocumentSnapshot } from '../core/persist/document-snapshot';
import type { SitemapSet } from '../core/read/sitemap-set';

/**
 * The parse helper's rows as it hands them to the main worker: their saved
 * form (snapshotSet), but lastmod as its distinct values once and a number
 * per row (ArenaDictSnapshot), so the merge looks up each distinct value
 * once instead of each row. restoreSet reads either form.
 */
export function handOverSet(set: SitemapSet): DocumentSnapshot {
  const lastmod = set.rows.lastmod;
  const snapshot = snapshotSet(set, '', 0);
  if (lastmod instanceof ArenaDictColumn) snapshot.rows.lastmod = lastmod.toDictSnapshot();
  return snapshot;
}

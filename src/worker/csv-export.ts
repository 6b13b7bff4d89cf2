import type { CheckResult } from '../core/check/check-result';
import type { SitemapSet } from '../core/read/sitemap-set';
import { writeCsv } from '../core/write/write-csv';
import type { CsvDownload, CsvScope } from './protocol';

/** File names say which rows the file holds, so two downloads side by side are not confused. */
const FILE_NAMES: Record<CsvScope, string> = { view: 'urls-view.csv', all: 'urls.csv' };

/**
 * The table as a CSV download: `view` holds the positions of the current view
 * (filtered and sorted), used when `scope` is `view`; `all` writes every row
 * in import order.
 */
export function csvDownload(
  set: SitemapSet,
  result: CheckResult,
  scope: CsvScope,
  view: ArrayLike<number>,
  onProgress?: (done: number, total: number) => void,
): CsvDownload {
  const csv = writeCsv(set, result.rowCodes, scope === 'view' ? view : undefined, {
    onProgress,
    extCodes: result.extCodes,
  });
  return {
    fileName: FILE_NAMES[scope],
    mimeType: 'text/csv;charset=utf-8',
    parts: csv.parts,
    bytes: csv.bytes,
    rows: csv.rows,
  };
}

import type { ClipboardEvent } from 'react';
import { appStore } from '../../store/app-store';
import { metaOf, type GridColumn } from './grid-model';
import { toTsv, type CellRange, type CopyColumn } from './grid-range';
import type { RowCache } from './row-cache';
import { errorMessage } from '../../core/text/error-message';
import { msg, verbatim } from '../../i18n/translator';

/** Ranges taller than this are not copied (their rows would all come from the worker at once). */
const MAX_COPY_ROWS = 100_000;

/**
 * Ctrl+C on the grid: the range's whole values as TSV. A range that takes in
 * the Select column copies whole rows, with a header row of the column labels.
 * Rows not held by the page are asked of the worker, then written through the
 * async clipboard.
 */
export function copyRange(
  e: ClipboardEvent<HTMLElement>,
  range: CellRange,
  columns: readonly GridColumn[],
  cache: RowCache,
): void {
  const inRange = columns.slice(range.left, range.right + 1);
  const whole = inRange.some((c) => c.id === 'select');
  const copyColumns: CopyColumn[] = (whole ? columns : inRange).flatMap((c) => {
    const meta = metaOf(c);
    return meta.copy ? [{ label: meta.label, copy: meta.copy }] : [];
  });
  if (copyColumns.length === 0 || range.bottom - range.top >= MAX_COPY_ROWS) return;
  e.preventDefault();
  const held = [];
  for (let pos = range.top; pos <= range.bottom; pos++) {
    const row = cache.get(pos);
    if (!row) break;
    held.push({ pos, row });
  }
  if (held.length === range.bottom - range.top + 1) {
    e.clipboardData.setData('text/plain', toTsv(held, copyColumns, whole));
    return;
  }
  void appStore
    .getState()
    .fetchRows(range.top, range.bottom + 1)
    .then((rows) =>
      navigator.clipboard.writeText(
        toTsv(
          rows.map((row, i) => ({ pos: range.top + i, row })),
          copyColumns,
          whole,
        ),
      ),
    )
    .catch((err: unknown) =>
      appStore.setState({
        notice: {
          kind: 'error',
          text: msg('notice.failed', { what: msg('job.copying'), why: verbatim(errorMessage(err)) }),
        },
      }),
    );
}

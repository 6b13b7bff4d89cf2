import type { RowsSnapshot } from '../core/rows/row-forms';

/**
 * The buffers of the rows' saved form, handed over with the helper's answer
 * instead of cloned: they are fresh copies (toSnapshot) of a set the helper
 * drops once it answered. Half a million rows hold some 17 MB of them.
 */
export function rowBuffers(rows: RowsSnapshot): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const add = (a: ArrayBufferView) => {
    if (a.buffer instanceof ArrayBuffer) out.add(a.buffer);
  };
  for (const a of [rows.id, rows.extAt, rows.file, rows.line, rows.column, rows.readFlags]) add(a);
  for (const c of [rows.loc, rows.lastmod, rows.changefreq, rows.priority]) {
    if (c.kind === 'arena-dict')
      for (const a of [c.codes, c.hashes, c.values.chunk, c.values.start, c.values.end, c.values.singleAt]) add(a);
    else if (c.kind === 'arena') for (const a of [c.chunk, c.start, c.end, c.singleAt]) add(a);
    else add(c.codes);
  }
  return [...out];
}

import { beat } from '../base/beat';
import { ArenaDictColumn } from '../rows/arena-dict-column';
import type { UrlRows } from '../rows/rows';
import { DictColumn, type StringColumn } from '../rows/string-columns';
import { elementsMask } from '../rules/elements/elements';
import { VALUE_FIELDS } from '../rules/modules';
import type { Clock, FieldRules } from '../rules/rule';

/**
 * The rule bits of every row that do not depend on its loc: the rules of
 * each field its value alone decides (rules/modules.ts VALUE_FIELDS: lastmod,
 * changefreq, priority) and of the entry's elements; what
 * {@link ownRowMask} gives a row, but column by column. A dictionary column
 * is judged once per distinct value, not once per row: a million rows
 * stamped with a few hundred dates parse a few hundred dates. `into`: an
 * array of zeros of the rows' length to write them in (returned).
 */
export function fieldMasks(rows: UrlRows, clock: Clock, into?: Uint32Array): Uint32Array {
  const n = rows.length;
  // The check passes its row codes (zeros): no second array of 4 bytes a row to allocate and read back.
  const out = into ?? new Uint32Array(n);
  for (const rules of VALUE_FIELDS) {
    const col = rows[rules.field];
    if (col instanceof ArenaDictColumn && rules.maskRange) addRanges(out, n, col, rules, clock);
    else addColumn(out, n, col, (v) => rules.mask(v, clock));
    // A beat after each pass over the rows (core/beat.ts).
    beat(n);
  }
  const exts = rows.ext;
  const flags = rows.readFlags;
  for (let i = 0; i < n; i++) {
    const ext = exts[i];
    const f = flags[i] as number;
    if (ext !== undefined || f !== 0) out[i] = (out[i] as number) | elementsMask(ext, f);
  }
  return out;
}

/**
 * A field's bits of each row from a dictionary column: each distinct value
 * judged once, in place in its chunk (lastmod's see lastmod-range.ts), walking
 * the dictionary rather than the rows (a million rows of 500,000 distinct
 * datetimes: no row's number read while judging); then each row given its
 * value's bits, a pass skipped when no value has any (valid dates in the
 * past, the usual sitemap). A dictionary that outgrew its rows (values left
 * behind by edits) is judged row by row instead, for the values in use only.
 */
function addRanges(out: Uint32Array, n: number, col: ArenaDictColumn, rules: FieldRules, clock: Clock): void {
  const maskRange = rules.maskRange as NonNullable<FieldRules['maskRange']>;
  const count = col.distinctCount;
  const masks = new Uint32Array(count);
  if (count > n) {
    const known = new Uint8Array(count);
    known[0] = 1;
    for (let i = 0; i < n; i++) {
      const c = col.codeAt(i);
      if (known[c] === 0) {
        known[c] = 1;
        masks[c] = maskRange(col.rawText(i), col.rawStart(i), col.rawEnd(i), clock);
      }
    }
  } else {
    let any = 0;
    for (let c = 1; c < count; c++) {
      const m = maskRange(col.valueText(c), col.valueStart(c), col.valueEnd(c), clock);
      masks[c] = m;
      any |= m;
    }
    if (any === 0) return;
  }
  gather(out, n, col, masks);
}

/** ORs into each row the bits of its value's number (`masks` by number; the column's codes). */
function gather(out: Uint32Array, n: number, col: { codeAt(i: number): number }, masks: Uint32Array): void {
  for (let i = 0; i < n; i++) {
    const m = masks[col.codeAt(i)] as number;
    if (m !== 0) out[i] = (out[i] as number) | m;
  }
}

/** ORs `judge(value)` into each row's bits; '' (absent) has none. */
function addColumn(out: Uint32Array, n: number, col: StringColumn, judge: (value: string) => number): void {
  if (col instanceof ArenaDictColumn || col instanceof DictColumn) {
    // Each distinct value judged once (changefreq and priority have a handful); the rows read only when one has bits.
    const values = col instanceof DictColumn ? col.distinctValues() : null;
    const count = values ? values.length : (col as ArenaDictColumn).distinctCount;
    const masks = new Uint32Array(count);
    let any = 0;
    for (let c = 1; c < count; c++) {
      const m = judge(values ? (values[c] as string) : (col as ArenaDictColumn).valueOf(c));
      masks[c] = m;
      any |= m;
    }
    if (any !== 0) gather(out, n, col, masks);
    return;
  }
  // A column restored from a save (no numbers): runs of equal values are judged once.
  let last = '';
  let lastMask = 0;
  for (let i = 0; i < n; i++) {
    const v = col.get(i);
    if (v === '') continue;
    if (v !== last) {
      last = v;
      lastMask = judge(v);
    }
    out[i] = (out[i] as number) | lastMask;
  }
}

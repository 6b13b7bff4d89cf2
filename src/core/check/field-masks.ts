import { beat } from '../beat';
import { ArenaDictColumn } from '../arena-dict-column';
import { DictColumn, type StringColumn } from '../string-columns';
import { READ_FLAG, type UrlRows } from '../rows';
import { changefreqMask } from './changefreq';
import { findExtensionDefect } from './extensions';
import { lastmodMask, type LastmodClock } from './lastmod';
import { lastmodMaskRange } from './lastmod-range';
import { priorityMask } from './priority';
import { B } from './row-bits';

const DUPLICATE_TAG_FLAGS =
  READ_FLAG.duplicateLoc | READ_FLAG.duplicateLastmod | READ_FLAG.duplicateChangefreq | READ_FLAG.duplicatePriority;

/**
 * The rule bits of every row that do not depend on its loc: lastmod,
 * changefreq, priority, extension defects and read flags; what
 * {@link ownRowMask} gives a row, but column by column. A dictionary column
 * is judged once per distinct value, not once per row: a million rows
 * stamped with a few hundred dates parse a few hundred dates. `into`: an
 * array of zeros of the rows' length to write them in (returned).
 */
export function fieldMasks(rows: UrlRows, clock: LastmodClock, into?: Uint32Array): Uint32Array {
  const n = rows.length;
  // The check passes its row codes (zeros): no second array of 4 bytes a row to allocate and read back.
  const out = into ?? new Uint32Array(n);
  const lastmod = rows.lastmod;
  if (lastmod instanceof ArenaDictColumn) addLastmods(out, n, lastmod, clock);
  else addColumn(out, n, lastmod, (v) => lastmodMask(v, clock));
  // A beat after each pass over the rows (core/beat.ts).
  beat(n);
  addColumn(out, n, rows.changefreq, changefreqMask);
  beat(n);
  addColumn(out, n, rows.priority, priorityMask);
  beat(n);
  const exts = rows.ext;
  const flags = rows.readFlags;
  const extInvalid = B.extInvalid;
  const duplicateTag = B.duplicateTag;
  const unknownTag = B.unknownTag;
  for (let i = 0; i < n; i++) {
    const ext = exts[i];
    if (ext !== undefined && findExtensionDefect(ext)) out[i] = (out[i] as number) | extInvalid;
    const f = flags[i] as number;
    if (f !== 0) {
      if (f & DUPLICATE_TAG_FLAGS) out[i] = (out[i] as number) | duplicateTag;
      if (f & READ_FLAG.unknownTag) out[i] = (out[i] as number) | unknownTag;
    }
  }
  return out;
}

/**
 * The lastmod bits of each row from a dictionary column: each distinct value
 * judged once, in place in its chunk (see {@link lastmodMaskRange}), walking
 * the dictionary rather than the rows (a million rows of 500,000 distinct
 * datetimes: no row's number read while judging); then each row given its
 * value's bits, a pass skipped when no value has any (valid dates in the
 * past, the usual sitemap). A dictionary that outgrew its rows (values left
 * behind by edits) is judged row by row instead, for the values in use only.
 */
function addLastmods(out: Uint32Array, n: number, col: ArenaDictColumn, clock: LastmodClock): void {
  const count = col.distinctCount;
  const masks = new Uint32Array(count);
  if (count > n) {
    const known = new Uint8Array(count);
    known[0] = 1;
    for (let i = 0; i < n; i++) {
      const c = col.codeAt(i);
      if (known[c] === 0) {
        known[c] = 1;
        masks[c] = lastmodMaskRange(col.rawText(i), col.rawStart(i), col.rawEnd(i), clock);
      }
    }
  } else {
    let any = 0;
    for (let c = 1; c < count; c++) {
      const m = lastmodMaskRange(col.valueText(c), col.valueStart(c), col.valueEnd(c), clock);
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

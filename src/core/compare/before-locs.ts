import { beat } from '../base/beat';
import { hashRange } from '../text/hash';
import type { UrlRows } from '../rows/rows';

/**
 * The "before" side of a comparison, indexed once by loc. A comparison is
 * recomputed after every change to the current rows, while the before rows
 * never change, so hashing, de-duplicating and tabling them is paid once
 * (measured at 1,000,000 URLs: about as much work as the diff itself).
 */
export interface BeforeLocs {
  rows: UrlRows;
  /** Positions of the first entry of each distinct non-empty loc, ascending. */
  first: Uint32Array;
  /**
   * An open-addressing hash table of those first entries, as pairs
   * (position + 1, loc hash) side by side so that a probe reads one cache
   * line; 0 marks an empty slot. Its size in pairs is a power of two.
   */
  table: Int32Array;
  /** Entries whose loc repeats an earlier entry's (compared through that first one). */
  repeats: number;
  /** Entries with an empty loc: not URLs, so never compared. */
  noLoc: number;
}

/**
 * Indexes the before rows by loc (exact string). A loc that appears more than
 * once stands for one URL, represented by its first entry: that is the entry
 * a crawler meets first and the one "remove duplicates, keep the first" keeps.
 */
export function indexBeforeLocs(rows: UrlRows): BeforeLocs {
  const n = rows.length;
  const locs = rows.loc;
  const size = tableSize(n);
  const mask = size - 1;
  const wrap = 2 * size - 1;
  const table = new Int32Array(2 * size);
  const first = new Uint32Array(n);
  let distinct = 0;
  let repeats = 0;
  let noLoc = 0;
  for (let p = 0; p < n; p++) {
    // The before set may hold a million rows: a beat per row (core/beat.ts).
    beat();
    const start = locs.rawStart(p);
    const end = locs.rawEnd(p);
    if (end === start) {
      noLoc++;
      continue;
    }
    const h = hashRange(locs.rawText(p), start, end);
    let s = (h & mask) << 1;
    let loc: string | null = null;
    for (;;) {
      const v = table[s] as number;
      if (v === 0) break;
      // Two slices compared with === (memcmp in V8) beat a charCodeAt loop
      // over the chunks three times; they are cut only when the hashes agree.
      if (table[s + 1] === h && locs.get(v - 1) === (loc ??= locs.get(p))) break;
      s = (s + 2) & wrap;
    }
    if (table[s] !== 0) {
      repeats++;
      continue;
    }
    table[s] = p + 1;
    table[s + 1] = h;
    first[distinct++] = p;
  }
  return { rows, first: first.slice(0, distinct), table, repeats, noLoc };
}

/** A power of two at least twice the entries (and at least 16), so probes stay short. */
function tableSize(n: number): number {
  let size = 16;
  while (size < n * 2) size *= 2;
  return size;
}

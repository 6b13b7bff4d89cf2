import { AsciiChunk } from './ascii-chunk';
import { hashRange } from './hash';

export { hashAsciiBytes, hashRange, hashString } from './hash';

/**
 * Which rows share a loc, for loc-duplicate, as an open-addressing hash table
 * of row positions over the checked locs. Against a `Map<string, …>` of a
 * million URLs it is about twice as fast to build and keeps 12 to 20 bytes a row
 * (two to four table slots of four bytes, and a chain link; no hash)
 * instead of some 50. Positions with the same loc form a chain through
 * `next`, so a duplicate group costs nothing extra either.
 */
/** The locs being indexed, by position. */
export interface LocSource {
  readonly length: number;
  get(i: number): string;
  rawText(i: number): string;
  rawStart(i: number): number;
  rawEnd(i: number): number;
}

export class LocIndex {
  /** position + 1 of a chain's head; 0 empty; -1 a deleted head (tombstone). */
  private slots: Int32Array;
  private mask: number;
  /** Next position with the same loc, -1 at the end of a chain. */
  private readonly next: Int32Array;
  /** Slots ever used (heads and tombstones): the table is rebuilt before it fills. */
  private used = 0;
  private readonly locs: LocSource;
  /**
   * The hashes {@link setHash} noted for {@link build}, dropped once it is
   * built: the index keeps no hash per row (4 bytes a URL), so a probe of an
   * edit compares locs, which costs an edit nothing it would notice.
   */
  private hashes: Int32Array | null = null;
  /** The chunk being indexed as bytes: hashed a word at a time. */
  private readonly ascii = new AsciiChunk();
  /** Whether any loc was ever added twice (removals do not reset it). */
  private shared = false;

  /**
   * @param locs the loc of each position as indexed. The caller keeps it in
   *   step: it calls `remove(p)` before changing `locs[p]` and `add(p)` after.
   */
  constructor(locs: LocSource) {
    this.locs = locs;
    this.next = new Int32Array(locs.length).fill(-1);
    this.slots = new Int32Array(tableSize(locs.length));
    this.mask = this.slots.length - 1;
  }

  /** Indexes position `pos`; returns the positions that just became duplicates (empty when still unique). */
  add(pos: number): readonly number[] {
    const locs = this.locs;
    return this.addAt(pos, locs.rawText(pos), locs.rawStart(pos), locs.rawEnd(pos));
  }

  /** {@link add} with position `pos`'s loc as the caller read it: `text[start, end)` of its source. */
  addAt(pos: number, text: string, start: number, end: number): readonly number[] {
    const slots = this.slots;
    const h = this.ascii.hash(text, start, end);
    let k = h & this.mask;
    for (;;) {
      const v = slots[k] as number;
      if (v === 0) break;
      if (v > 0 && this.sameAs(v - 1, text, start, end)) {
        const head = v - 1;
        const wasSingle = this.next[head] === -1;
        this.next[pos] = this.next[head] as number;
        this.next[head] = pos;
        this.shared = true;
        return wasSingle ? [head, pos] : [pos];
      }
      k = (k + 1) & this.mask;
    }
    slots[k] = pos + 1;
    this.next[pos] = -1;
    if (++this.used * 4 > slots.length * 3) this.rebuild();
    return NONE;
  }

  /**
   * Indexes every position but those whose `codes` have `skip` set, all at
   * once into the empty index, with their hashes as {@link setHash} noted
   * them: what {@link addAt} of each in turn would build, for a fraction of
   * its cache misses. The positions are inserted in the order of their home
   * slots (a counting sort on its top bits, stable, so equal locs keep the
   * order of their positions), so the table and the hashes it compares are
   * written and read nearly in sequence instead of at random.
   */
  build(codes: Uint32Array, skip: number): void {
    const n = this.locs.length;
    const hashes = this.hashes;
    this.hashes = null;
    if (hashes === null) return;
    const slots = this.slots;
    const next = this.next;
    const mask = this.mask;
    let bits = 0;
    while (1 << bits < slots.length) bits++;
    const shift = bits > BUCKET_BITS ? bits - BUCKET_BITS : 0;
    const starts = new Int32Array((mask >>> shift) + 2);
    let indexed = 0;
    for (let i = 0; i < n; i++) {
      if (((codes[i] as number) & skip) !== 0) continue;
      starts[(((hashes[i] as number) & mask) >>> shift) + 1]++;
      indexed++;
    }
    for (let b = 1; b < starts.length; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
    // The positions and their hashes in that order: the insertion below reads both in sequence.
    const order = new Int32Array(indexed);
    const orderHash = new Int32Array(indexed);
    for (let i = 0; i < n; i++) {
      if (((codes[i] as number) & skip) !== 0) continue;
      const h = hashes[i] as number;
      const b = (h & mask) >>> shift;
      const at = starts[b] as number;
      order[at] = i;
      orderHash[at] = h;
      starts[b] = at + 1;
    }
    // The hash of each slot's head beside the table, so probes compare in sequence too.
    const slotHash = new Int32Array(slots.length);
    let used = 0;
    for (let j = 0; j < indexed; j++) {
      const pos = order[j] as number;
      const h = orderHash[j] as number;
      let k = h & mask;
      for (;;) {
        const v = slots[k] as number;
        if (v === 0) {
          slots[k] = pos + 1;
          slotHash[k] = h;
          used++;
          break;
        }
        if (slotHash[k] === h && this.sameAsPos(v - 1, pos)) {
          const head = v - 1;
          next[pos] = next[head] as number;
          next[head] = pos;
          this.shared = true;
          break;
        }
        k = (k + 1) & mask;
      }
    }
    this.used += used;
  }

  /** Notes position `pos`'s hash for {@link build} (as the check computed it from the loc's bytes). */
  setHash(pos: number, h: number): void {
    (this.hashes ??= new Int32Array(this.locs.length))[pos] = h;
  }

  /** Un-indexes position `pos` (with its loc as indexed); returns the position left alone with that loc, or -1. */
  remove(pos: number): number {
    const k = this.find(this.locs.get(pos));
    if (k < 0) return -1;
    const head = (this.slots[k] as number) - 1;
    const next = this.next;
    if (head === pos) {
      const rest = next[pos] as number;
      this.slots[k] = rest === -1 ? -1 : rest + 1;
      next[pos] = -1;
      return rest !== -1 && next[rest] === -1 ? rest : -1;
    }
    let prev = head;
    while (next[prev] !== -1 && next[prev] !== pos) prev = next[prev] as number;
    if (next[prev] !== pos) return -1;
    next[prev] = next[pos] as number;
    next[pos] = -1;
    return prev === head && next[head] === -1 ? head : -1;
  }

  /** How many indexed positions have this loc. */
  count(loc: string): number {
    const k = this.find(loc);
    if (k < 0) return 0;
    let c = 0;
    for (let p = (this.slots[k] as number) - 1; p !== -1; p = this.next[p] as number) c++;
    return c;
  }

  /** The first indexed position whose loc is exactly `loc`, or -1; {@link nextAt} walks the others. */
  firstAt(loc: string): number {
    const k = this.find(loc);
    return k < 0 ? -1 : (this.slots[k] as number) - 1;
  }

  /** The next indexed position with the same loc as `pos`, or -1. */
  nextAt(pos: number): number {
    return this.next[pos] as number;
  }

  /** Calls `fn` for every position whose loc is shared with another one. */
  forEachDuplicate(fn: (pos: number) => void): void {
    // No loc was ever added twice: nothing to find, and no walk over a table that spills the caches.
    if (!this.shared) return;
    const slots = this.slots;
    for (let k = 0; k < slots.length; k++) {
      const v = slots[k] as number;
      if (v <= 0 || this.next[v - 1] === -1) continue;
      for (let p = v - 1; p !== -1; p = this.next[p] as number) fn(p);
    }
  }

  /** True when position `p`'s loc equals `text[start, end)`. */
  private sameAs(p: number, text: string, start: number, end: number): boolean {
    const locs = this.locs;
    const other = locs.rawText(p);
    const from = locs.rawStart(p);
    const len = end - start;
    if (locs.rawEnd(p) - from !== len) return false;
    for (let k = 0; k < len; k++) if (other.charCodeAt(from + k) !== text.charCodeAt(start + k)) return false;
    return true;
  }

  /** True when positions `p` and `q` have the same loc. */
  private sameAsPos(p: number, q: number): boolean {
    const locs = this.locs;
    return this.sameAs(p, locs.rawText(q), locs.rawStart(q), locs.rawEnd(q));
  }

  private find(loc: string): number {
    const slots = this.slots;
    const h = hashRange(loc, 0, loc.length);
    let k = h & this.mask;
    for (;;) {
      const v = slots[k] as number;
      if (v === 0) return -1;
      if (v > 0 && this.sameAs(v - 1, loc, 0, loc.length)) return k;
      k = (k + 1) & this.mask;
    }
  }

  /** Re-inserts the chain heads into a clean table, dropping tombstones. */
  private rebuild(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length);
    this.used = 0;
    for (let k = 0; k < old.length; k++) {
      const v = old[k] as number;
      if (v <= 0) continue;
      const locs = this.locs;
      let j = this.ascii.hash(locs.rawText(v - 1), locs.rawStart(v - 1), locs.rawEnd(v - 1)) & this.mask;
      while (this.slots[j] !== 0) j = (j + 1) & this.mask;
      this.slots[j] = v;
      this.used++;
    }
  }
}

const NONE: readonly number[] = [];
/** {@link LocIndex.build} sorts by the top 11 bits of the home slot: 2,048 counters, well inside the first cache. */
const BUCKET_BITS = 11;

/** A power of two at least twice the rows (and at least 16), so probes stay short. */
function tableSize(n: number): number {
  let size = 16;
  while (size < n * 2) size *= 2;
  return size;
}

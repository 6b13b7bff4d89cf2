import { LocScanner } from '../rules/loc/loc-scan';
import { hashRange, homeSlot } from '../text/hash';
import { rawEquals, type RawRanges } from '../rows/raw-range';

/** The locs being indexed, by position. */
export interface LocSource extends RawRanges {
  readonly length: number;
  get(i: number): string;
}

/**
 * Which rows share a loc, for loc-duplicate, as an open-addressing hash table
 * of row positions over the checked locs. Against a `Map<string, …>` of a
 * million URLs it is about twice as fast to build and keeps about 6 bytes a
 * row instead of some 50: a table of 1.5 slots a row (any size, not a power
 * of two: at 1,000,000 rows the next power of two would be 2.1 slots a row),
 * no hash (a probe compares locs, which an edit does not notice), and a chain
 * link per row only once some loc was added twice (positions with the same
 * loc form a chain through `next`). Issue 13: the index was 12.4 B a URL.
 */
export class LocIndex {
  /** position + 1 of a chain's head; 0 empty; -1 a deleted head (tombstone). */
  private slots: Int32Array;
  /**
   * Next position with the same loc, -1 at the end of a chain; null while
   * no loc was added twice (every chain is one position long).
   */
  private next: Int32Array | null = null;
  /** Slots ever used (heads and tombstones): the table is rebuilt before it fills. */
  private used = 0;
  private readonly locs: LocSource;
  /**
   * The hashes {@link setHash} noted for {@link build}, dropped once it is
   * built: the index keeps no hash per row (4 bytes a URL), so a probe of an
   * edit compares locs, which costs an edit nothing it would notice.
   */
  private hashes: Int32Array | null = null;
  /** Filled by a caller of {@link bucketCounts}, for {@link build}; null: build counts. */
  private counted: Int32Array | null = null;
  /** The chunk being indexed as bytes: hashed a word at a time. */
  private readonly ascii = new LocScanner();
  /**
   * Long chains' lengths by slot, as {@link count} walked them, until the
   * index changes: a problem list asks for every copy of a loc, and 200,000
   * copies of one URL walked the chain each time (CLI check: 127 s).
   */
  private readonly copies = new Map<number, number>();

  /**
   * @param locs the loc of each position as indexed. The caller keeps it in
   *   step: it calls `remove(p)` before changing `locs[p]` and `add(p)` after.
   */
  constructor(locs: LocSource) {
    this.locs = locs;
    this.slots = new Int32Array(tableSize(locs.length));
  }

  /** Indexes position `pos`; returns the positions that just became duplicates (empty when still unique). */
  add(pos: number): readonly number[] {
    const locs = this.locs;
    return this.addAt(pos, locs.rawText(pos), locs.rawStart(pos), locs.rawEnd(pos));
  }

  /** {@link add} with position `pos`'s loc as the caller read it: `text[start, end)` of its source. */
  addAt(pos: number, text: string, start: number, end: number): readonly number[] {
    if (this.copies.size > 0) this.copies.clear();
    const slots = this.slots;
    const size = slots.length;
    let k = homeSlot(this.ascii.hash(text, start, end), size);
    for (;;) {
      const v = slots[k] as number;
      if (v === 0) break;
      if (v > 0 && this.sameAs(v - 1, text, start, end)) {
        const head = v - 1;
        const next = this.chain();
        const wasSingle = next[head] === -1;
        next[pos] = next[head] as number;
        next[head] = pos;
        return wasSingle ? [head, pos] : [pos];
      }
      if (++k === size) k = 0;
    }
    slots[k] = pos + 1;
    if (this.next) this.next[pos] = -1;
    if (++this.used * 4 > size * 3) this.rebuild();
    return NONE;
  }

  /**
   * Indexes every position but those whose `codes` have `skip` set, all at
   * once into the empty index, with their hashes as {@link setHash} noted
   * them: what {@link addAt} of each in turn would build, for a fraction of
   * its cache misses. The positions are inserted in the order of their home
   * slots (a counting sort on the hash's top bits, which order the home
   * slots; stable, so equal locs keep the order of their positions), so the
   * table and the hashes it compares are written and read nearly in
   * sequence instead of at random.
   */
  build(codes: Uint32Array, skip: number): void {
    this.copies.clear();
    const n = this.locs.length;
    const hashes = this.hashes;
    this.hashes = null;
    if (hashes === null) return;
    const slots = this.slots;
    const size = slots.length;
    const shift = BUCKET_SHIFT;
    let starts = this.counted;
    this.counted = null;
    if (starts === null) {
      starts = new Int32Array((1 << BUCKET_BITS) + 1);
      for (let i = 0; i < n; i++) {
        if (((codes[i] as number) & skip) !== 0) continue;
        starts[((hashes[i] as number) >>> shift) + 1]++;
      }
    }
    for (let b = 1; b < starts.length; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
    const indexed = starts[starts.length - 1] as number;
    // The positions and their hashes in that order, side by side (one stream a bucket to write, not
    // two): the insertion below reads them in sequence.
    const order = new Int32Array(2 * indexed);
    for (let i = 0; i < n; i++) {
      if (((codes[i] as number) & skip) !== 0) continue;
      const h = hashes[i] as number;
      const b = h >>> shift;
      const at = starts[b] as number;
      order[2 * at] = i;
      order[2 * at + 1] = h;
      starts[b] = at + 1;
    }
    // The hash of each slot's head beside the table, so probes compare in sequence too; in the noted
    // hashes' array (a slot a row and more: see hashArray), read no more: no other to allocate. Only
    // the slots taken are read, so what it held does not matter.
    const slotHash = hashes;
    let used = 0;
    for (let j = 0; j < indexed; j++) {
      const pos = order[2 * j] as number;
      const h = order[2 * j + 1] as number;
      let k = homeSlot(h, size);
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
          const next = this.chain();
          next[pos] = next[head] as number;
          next[head] = pos;
          break;
        }
        if (++k === size) k = 0;
      }
    }
    this.used += used;
  }

  /** Notes position `pos`'s hash for {@link build} (as the check computed it from the loc's bytes). */
  setHash(pos: number, h: number): void {
    this.hashArray()[pos] = h;
  }

  /**
   * For a caller that writes the hashes itself ({@link hashArray}) in a pass
   * that knows which positions {@link build} will index: counters it fills,
   * `counts[(h >>> BUCKET_SHIFT) + 1]++` for each of them, sparing build
   * its own pass over the codes and hashes.
   */
  bucketCounts(): Int32Array {
    return (this.counted ??= new Int32Array((1 << BUCKET_BITS) + 1));
  }

  /**
   * The array {@link build} reads the hashes from, by position, for a caller
   * that writes them all itself (no call per row); as long as the table, for
   * build to reuse.
   */
  hashArray(): Int32Array {
    return (this.hashes ??= new Int32Array(Math.max(this.slots.length, this.locs.length)));
  }

  /** Un-indexes position `pos` (with its loc as indexed); returns the position left alone with that loc, or -1. */
  remove(pos: number): number {
    if (this.copies.size > 0) this.copies.clear();
    const k = this.find(this.locs.get(pos));
    if (k < 0) return -1;
    const head = (this.slots[k] as number) - 1;
    const next = this.next;
    if (next === null) {
      // No chains: the loc's one position is the head.
      if (head === pos) this.slots[k] = -1;
      return -1;
    }
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
    const known = this.copies.get(k);
    if (known !== undefined) return known;
    let c = 0;
    for (let p = (this.slots[k] as number) - 1; p !== -1; p = this.nextAt(p)) c++;
    if (c >= COUNT_KEPT_FROM) this.copies.set(k, c);
    return c;
  }

  /** The first indexed position whose loc is exactly `loc`, or -1; {@link nextAt} walks the others. */
  firstAt(loc: string): number {
    const k = this.find(loc);
    return k < 0 ? -1 : (this.slots[k] as number) - 1;
  }

  /** The next indexed position with the same loc as `pos`, or -1. */
  nextAt(pos: number): number {
    return this.next === null ? -1 : (this.next[pos] as number);
  }

  /** The bytes the index keeps: its table, and the chain links once a loc was added twice. */
  get bytes(): number {
    return this.slots.byteLength + (this.next?.byteLength ?? 0);
  }

  /** Calls `fn` for every position whose loc is shared with another one. */
  forEachDuplicate(fn: (pos: number) => void): void {
    // No loc was ever added twice: nothing to find, and no walk over a table that spills the caches.
    const next = this.next;
    if (next === null) return;
    const slots = this.slots;
    for (let k = 0; k < slots.length; k++) {
      const v = slots[k] as number;
      if (v <= 0 || next[v - 1] === -1) continue;
      for (let p = v - 1; p !== -1; p = next[p] as number) fn(p);
    }
  }

  /** The chain links, made on the first loc added twice (until then every chain ends at its head). */
  private chain(): Int32Array {
    return (this.next ??= new Int32Array(this.locs.length).fill(-1));
  }

  /** True when position `p`'s loc equals `text[start, end)`. */
  private sameAs(p: number, text: string, start: number, end: number): boolean {
    return rawEquals(this.locs, p, text, start, end);
  }

  /** True when positions `p` and `q` have the same loc. */
  private sameAsPos(p: number, q: number): boolean {
    const locs = this.locs;
    return this.sameAs(p, locs.rawText(q), locs.rawStart(q), locs.rawEnd(q));
  }

  private find(loc: string): number {
    const slots = this.slots;
    const size = slots.length;
    let k = homeSlot(hashRange(loc, 0, loc.length), size);
    for (;;) {
      const v = slots[k] as number;
      if (v === 0) return -1;
      if (v > 0 && this.sameAs(v - 1, loc, 0, loc.length)) return k;
      if (++k === size) k = 0;
    }
  }

  /** Re-inserts the chain heads into a clean table, dropping tombstones (heads are positions: they always fit). */
  private rebuild(): void {
    const old = this.slots;
    const size = old.length;
    const slots = new Int32Array(size);
    const locs = this.locs;
    let heads = 0;
    for (let k = 0; k < size; k++) {
      const v = old[k] as number;
      if (v <= 0) continue;
      let j = homeSlot(this.ascii.hash(locs.rawText(v - 1), locs.rawStart(v - 1), locs.rawEnd(v - 1)), size);
      while (slots[j] !== 0) if (++j === size) j = 0;
      slots[j] = v;
      heads++;
    }
    this.slots = slots;
    this.used = heads;
  }
}

const NONE: readonly number[] = [];
/** Chains shorter than this are walked again: cheap, and not worth an entry each. */
const COUNT_KEPT_FROM = 16;
/** {@link LocIndex.build} sorts by the top 11 bits of the hash: 2,048 counters, well inside the first cache. */
const BUCKET_BITS = 11;
/** A hash's bucket is `h >>> BUCKET_SHIFT` (see {@link LocIndex.bucketCounts}). */
export const BUCKET_SHIFT = 32 - BUCKET_BITS;

/** One and a half slots a row (and at least 16): a table at most two-thirds full, whose probes stay short. */
function tableSize(n: number): number {
  return Math.max(16, Math.ceil(n * 1.5));
}

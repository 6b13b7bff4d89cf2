import type { ArenaColumn } from './string-columns';
import { hashRange, homeSlot as home } from '../text/hash';
import { rawEquals } from './raw-range';

/** Fewer values than this added at once are looked up without the hashes (see {@link DictTable.bulk}). */
const BULK = 1024;

/**
 * The lookup of an {@link ArenaDictColumn}'s distinct values: an
 * open-addressing table of their numbers, over the column's values.
 */
export class DictTable {
  /**
   * The hash of each distinct value while values are added in bulk (import,
   * merge, restore): probes compare numbers first. Dropped by {@link trim}
   * (4 bytes a distinct value, some 2 B a URL at a million generated
   * datetimes): an edit's one lookup compares the values it probes instead.
   */
  hashes: Int32Array | null;
  /** Number + 1 of the value in each slot; 0 empty. Any size (see {@link home}), at most three quarters full. */
  private slots: Int32Array;

  constructor(
    private readonly values: ArenaColumn,
    hashes: Int32Array | null = new Int32Array(1024),
    slots = new Int32Array(64),
  ) {
    this.hashes = hashes;
    this.slots = slots;
  }

  /** A copy over `values` (a snapshot of the column's). */
  copy(values: ArenaColumn): DictTable {
    return new DictTable(values, this.hashes?.slice() ?? null, this.slots.slice());
  }

  /** A table of `values` whose hashes are known. */
  static ofHashes(values: ArenaColumn, hashes: Int32Array): DictTable {
    const t = new DictTable(values, hashes, new Int32Array(1));
    t.reserve(values.length);
    return t;
  }

  /** The bytes of the table: its slots, and the hashes while kept. */
  get bytes(): number {
    return this.slots.byteLength + (this.hashes?.byteLength ?? 0);
  }

  /** The number below `below` of `text[start, end)` (hash `h`), or -1. */
  find(text: string, start: number, end: number, h: number, below: number): number {
    const { slots, hashes } = this;
    const size = slots.length;
    for (let k = home(h, size); ; k = k + 1 === size ? 0 : k + 1) {
      const v = slots[k] as number;
      if (v === 0) return -1;
      if (v <= below && (hashes === null || hashes[v - 1] === h) && this.equals(v - 1, text, start, end)) return v - 1;
    }
  }

  /** Room for `total` distinct values: their hashes, and a table that stays three quarters full at most. */
  reserve(total: number): Int32Array {
    let hashes = this.hashes ?? this.hashesOf(total);
    if (hashes.length < total) (hashes = new Int32Array(total)).set(this.hashes as Int32Array);
    this.hashes = hashes;
    if (total * 4 > this.slots.length * 3) {
      let size = this.slots.length;
      while (total * 4 > size * 3) size *= 2;
      this.slots = new Int32Array(size);
      for (let c = 0; c < this.values.length; c++) this.place(c, hashes[c] as number);
    }
    return hashes;
  }

  /** Before `count` values are added at once: the hashes back, so that their probes compare numbers. */
  bulk(count: number): void {
    if (this.hashes !== null || count < BULK) return;
    this.hashes = this.hashesOf(this.values.length);
  }

  /** The hash of every distinct value, with room for `capacity`. */
  hashesOf(capacity: number): Int32Array {
    const v = this.values;
    const out = new Int32Array(Math.max(capacity, v.length, 1));
    for (let c = 0; c < v.length; c++) out[c] = hashRange(v.rawText(c), v.rawStart(c), v.rawEnd(c));
    return out;
  }

  /**
   * After a bulk add: the table down to one and a half slots a distinct
   * value (two-thirds full, room for an eighth more before it grows), and
   * the hashes dropped (see {@link hashes}).
   */
  trim(): void {
    const hashes = this.hashes;
    if (hashes === null) return;
    const distinct = this.values.length;
    const size = Math.max(64, Math.ceil(distinct * 1.5));
    if (size < this.slots.length) {
      this.slots = new Int32Array(size);
      for (let c = 0; c < distinct; c++) this.place(c, hashes[c] as number);
    }
    this.hashes = null;
  }

  /** Value `c` (just pushed, hash `h`) into the table. */
  insert(c: number, h: number): void {
    // Kept at most three quarters full, so probes stay short.
    const grow = (c + 1) * 4 > this.slots.length * 3;
    let hashes = this.hashes;
    if (hashes === null) {
      if (!grow) {
        this.place(c, h);
        return;
      }
      // Every value is placed again: by its hash, computed once for all.
      hashes = this.hashes = this.hashesOf(c + 1);
    }
    if (c >= hashes.length) {
      const next = new Int32Array(hashes.length * 2);
      next.set(hashes);
      hashes = this.hashes = next;
    }
    hashes[c] = h;
    if (grow) {
      this.slots = new Int32Array(this.slots.length * 2);
      for (let k = 0; k < c; k++) this.place(k, hashes[k] as number);
    }
    this.place(c, h);
  }

  place(c: number, h: number): void {
    const slots = this.slots;
    const size = slots.length;
    let k = home(h, size);
    while (slots[k] !== 0) if (++k === size) k = 0;
    slots[k] = c + 1;
  }

  private equals(c: number, text: string, start: number, end: number): boolean {
    return rawEquals(this.values, c, text, start, end);
  }
}

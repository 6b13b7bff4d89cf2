import { hashAsciiBytes } from '../check/hash';
import type { DistinctBatch } from '../row-forms';

/** Rows per decoded text: a batch is one TextDecoder call and one chunk of a column. */
export const BATCH_ROWS = 8192;

/** Stateless between calls (no streaming): one for every batch. */
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

const NONE32: Uint32Array<ArrayBuffer> = new Uint32Array(0);
const NONE_HASHES = new Int32Array(0);

/**
 * The values of one field for the rows of a file, as UTF-8 bytes gathered
 * per batch and decoded once per batch: no string per value. `ends` holds,
 * per row, where its value ends in its batch's text, in UTF-16 code units.
 *
 * With `distinct` (lastmod: real sitemaps repeat dates), each value is
 * looked up among the file's values while its bytes are in hand, and a
 * repeat is dropped from the bytes at once: only the file's distinct values
 * are decoded and handed to the column, each with its hash, and a row holds
 * a number. Measured on the bench's million URLs (half dates, half unique
 * datetimes): the column's string hashing and half its lookups were a third
 * of the import's CPU. `ends` is then by value number, not by row. One
 * class for both kinds, so the reader's value loop sees one shape.
 */
export class ByteText {
  // Small at first: a zip of 100,000 one-line members makes 100,000 readers.
  bytes = new Uint8Array(4096);
  /** Over {@link bytes}: the reader copies plain text a word at a time. */
  view = new DataView(this.bytes.buffer);
  len = 0;
  /** UTF-16 code units written in the current batch. */
  units = 0;
  readonly texts: string[] = [];
  ends = new Uint32Array(256);
  /** Per row, its value's number (distinct only). */
  codes = NONE32;
  /** Distinct values so far; value `c`'s bytes end at byteEnds[c] (they follow each other: a repeat's are dropped). */
  private count = 0;
  private byteEnds = NONE32;
  /** Per value, {@link hashAsciiBytes} of its bytes: hashRange of its text when ASCII. */
  private hashes = NONE_HASHES;
  /**
   * Per slot, the number + 1 of its value (0 empty) then that value's hash:
   * a probe reads one place, not the hashes by number at random. A power of
   * two slots, at most half full.
   */
  private slots = NONE_HASHES;
  /** Where the current row's value starts: its bytes, and its units in the batch. */
  private rowStart = 0;
  private rowUnits = 0;
  /** The bytes and the first value number of the batch being read; whether its new values are all ASCII. */
  private batchStart = 0;
  private batchFirst = 0;
  private ascii = true;
  /** Per decoded batch: its first value number, and whether its values' hashes are their texts' (all ASCII). */
  private readonly firsts: number[] = [];
  private readonly hashed: boolean[] = [];
  /** Per value, the column's number for it, filled as the batches go in (see DistinctBatch.numbers). */
  private numbers = NONE32;

  constructor(readonly distinct = false) {
    if (distinct) {
      this.codes = new Uint32Array(256);
      this.byteEnds = new Uint32Array(256);
      this.hashes = new Int32Array(256);
      this.slots = new Int32Array(128);
    }
  }

  /** Room for `more` bytes past `len`. */
  ensure(more: number): Uint8Array {
    if (this.len + more > this.bytes.length) {
      const next = new Uint8Array(Math.max(this.bytes.length * 2, this.len + more));
      next.set(this.bytes.subarray(0, this.len));
      this.bytes = next;
      this.view = new DataView(next.buffer);
    }
    return this.bytes;
  }

  /** Ends row `row`'s value; every BATCH_ROWS rows, the batch becomes one text. */
  endRow(row: number): void {
    if (this.distinct) this.endDistinct(row);
    else {
      if (row >= this.ends.length) this.ends = grown32(this.ends, row);
      this.ends[row] = this.units;
    }
    if ((row + 1) % BATCH_ROWS === 0) this.flush();
  }

  /** Decodes the current batch (the bytes were proved valid UTF-8 while read). */
  flush(): void {
    if (!this.distinct) {
      this.texts.push(DECODER.decode(this.bytes.subarray(0, this.len)));
      this.len = 0;
      this.units = 0;
      return;
    }
    this.texts.push(DECODER.decode(this.bytes.subarray(this.batchStart, this.len)));
    this.firsts.push(this.batchFirst);
    this.hashed.push(this.ascii);
    this.batchStart = this.len;
    this.batchFirst = this.count;
    this.ascii = true;
    this.units = this.rowUnits = 0;
  }

  /** Value `row` as a string (for the few index entries). */
  valueOf(row: number): string {
    if (!this.distinct) {
      const batch = Math.floor(row / BATCH_ROWS);
      const start = row % BATCH_ROWS === 0 ? 0 : (this.ends[row - 1] as number);
      return (this.texts[batch] as string).slice(start, this.ends[row]);
    }
    const c = this.codes[row] as number;
    let batch = 0;
    while (batch + 1 < this.firsts.length && (this.firsts[batch + 1] as number) <= c) batch++;
    const start = c === this.firsts[batch] ? 0 : (this.ends[c - 1] as number);
    return (this.texts[batch] as string).slice(start, this.ends[c]);
  }

  /** Batch `batch` (decoded) of a distinct text, for rows `from` to `from + count - 1` (see {@link DistinctBatch}). */
  distinctBatch(batch: number): DistinctBatch {
    const first = this.firsts[batch] as number;
    const end = batch + 1 < this.firsts.length ? (this.firsts[batch + 1] as number) : this.count;
    if (this.numbers.length < this.count) this.numbers = new Uint32Array(this.count);
    return {
      text: this.texts[batch] as string, ends: this.ends, first, end,
      hashes: this.hashed[batch] === true ? this.hashes : null, codes: this.codes, numbers: this.numbers,
    };
  }

  /** Row `row`'s value, found among the values before it or taken as a new one. */
  private endDistinct(row: number): void {
    if (row >= this.codes.length) this.codes = grown32(this.codes, row);
    const s = this.rowStart;
    const e = this.len;
    const bytes = this.bytes;
    const view = this.view;
    const h = hashAsciiBytes(view, bytes, s, e);
    const slots = this.slots;
    const mask = slots.length - 2;
    const len = e - s;
    for (let k = (h << 1) & mask; ; k = (k + 2) & mask) {
      const v = slots[k] as number;
      if (v === 0) break;
      if (slots[k + 1] !== h) continue;
      const c = v - 1;
      const from = c === 0 ? 0 : (this.byteEnds[c - 1] as number);
      if ((this.byteEnds[c] as number) - from !== len) continue;
      let i = 0;
      for (; i + 4 <= len; i += 4) if (view.getInt32(from + i, true) !== view.getInt32(s + i, true)) break;
      if (i + 4 <= len) continue;
      for (; i < len; i++) if (bytes[from + i] !== bytes[s + i]) break;
      if (i < len) continue;
      // A repeat: its bytes are dropped, the row takes the number.
      this.codes[row] = c;
      this.len = s;
      this.units = this.rowUnits;
      return;
    }
    const c = this.count++;
    if (c >= this.byteEnds.length) {
      this.byteEnds = grown32(this.byteEnds, c);
      this.ends = grown32(this.ends, c);
      const next = new Int32Array(this.byteEnds.length);
      next.set(this.hashes);
      this.hashes = next;
    }
    this.hashes[c] = h;
    this.byteEnds[c] = e;
    this.ends[c] = this.units;
    if (this.units - this.rowUnits !== len) this.ascii = false;
    this.codes[row] = c;
    this.rowStart = e;
    this.rowUnits = this.units;
    // Two entries a slot: at most half full.
    if ((c + 1) * 4 > slots.length) this.rehash(slots.length * 2);
    else place(this.slots, c, h);
  }

  private rehash(size: number): void {
    const slots = (this.slots = new Int32Array(size));
    for (let c = 0; c < this.count; c++) place(slots, c, this.hashes[c] as number);
  }
}

function place(slots: Int32Array, c: number, h: number): void {
  const mask = slots.length - 2;
  let k = (h << 1) & mask;
  while (slots[k] !== 0) k = (k + 2) & mask;
  slots[k] = c + 1;
  slots[k + 1] = h;
}

/** A copy of `a` with room past index `at`. */
function grown32(a: Uint32Array<ArrayBuffer>, at: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(Math.max(a.length * 2, at + 1));
  next.set(a);
  return next;
}

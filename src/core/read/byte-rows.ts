import type { UrlRows } from '../rows/rows';
import type { RowBatch } from '../rows/row-forms';
import type { ExtElement } from '../rows/types';

/** Rows per decoded text: a batch is one TextDecoder call and one chunk of a column. */
export const BATCH_ROWS = 8192;

/**
 * The values of one field for the rows of a file, as UTF-8 bytes gathered
 * per batch and decoded once per batch: no string per value. `ends` holds,
 * per row, where its value ends in its batch's text, in UTF-16 code units.
 */
/** Stateless between calls (no streaming): one for every batch. */
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

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
    if (row >= this.ends.length) {
      const next = new Uint32Array(this.ends.length * 2);
      next.set(this.ends);
      this.ends = next;
    }
    this.ends[row] = this.units;
    if ((row + 1) % BATCH_ROWS === 0) this.flush();
  }

  /** Decodes the current batch (the bytes were proved valid UTF-8 while read). */
  flush(): void {
    this.texts.push(DECODER.decode(this.bytes.subarray(0, this.len)));
    this.len = 0;
    this.units = 0;
  }

  /** Value `row` as a string (for the few index entries). */
  valueOf(row: number): string {
    const batch = Math.floor(row / BATCH_ROWS);
    const start = row % BATCH_ROWS === 0 ? 0 : (this.ends[row - 1] as number);
    return (this.texts[batch] as string).slice(start, this.ends[row]);
  }
}

/** Everything the byte reader read for a file's rows, held until the file is known to be read whole. */
export class ByteRows {
  count = 0;
  readonly loc = new ByteText();
  readonly lastmod = new ByteText();
  /** Per row, the number of its changefreq and of its priority in {@link shortValues}. */
  changefreq = new Uint32Array(256);
  priority = new Uint32Array(256);
  line = new Uint32Array(256);
  column = new Uint32Array(256);
  flags = new Uint8Array(256);
  /** Sparse: the extension elements of the rows that have any. */
  readonly ext: (ExtElement[] | undefined)[] = [];

  /** @param shortValues the changefreq and priority values by number (the reader's ShortTexts, filled as it reads). */
  constructor(private readonly shortValues: readonly string[]) {}

  /** Records row `count`'s place, flags and changefreq and priority numbers; its loc and lastmod were written already. */
  endRow(line: number, column: number, flags: number, changefreq: number, priority: number, ext?: ExtElement[]): void {
    const r = this.count;
    if (ext !== undefined) this.ext[r] = ext;
    if (r >= this.line.length) {
      this.line = grown(this.line, new Uint32Array(r * 2));
      this.column = grown(this.column, new Uint32Array(r * 2));
      this.flags = grown(this.flags, new Uint8Array(r * 2));
      this.changefreq = grown(this.changefreq, new Uint32Array(r * 2));
      this.priority = grown(this.priority, new Uint32Array(r * 2));
    }
    this.line[r] = line;
    this.column[r] = column;
    this.flags[r] = flags;
    this.changefreq[r] = changefreq;
    this.priority[r] = priority;
    this.loc.endRow(r);
    this.lastmod.endRow(r);
    this.count = r + 1;
  }

  /** Decodes the last, partial batch: called once, when the file was read whole. */
  finish(): void {
    if (this.count % BATCH_ROWS !== 0) {
      this.loc.flush();
      this.lastmod.flush();
    }
  }

  /** Appends every row to `rows`, a batch at a time (after {@link finish}). */
  pushTo(rows: UrlRows, file: number): void {
    for (let from = 0, batch = 0; from < this.count; from += BATCH_ROWS, batch++) {
      const b: RowBatch = {
        from,
        count: Math.min(BATCH_ROWS, this.count - from),
        locText: this.loc.texts[batch] as string,
        locEnds: this.loc.ends,
        lastmodText: this.lastmod.texts[batch] as string,
        lastmodEnds: this.lastmod.ends,
        changefreq: this.changefreq,
        priority: this.priority,
        shortValues: this.shortValues,
        file,
        line: this.line,
        column: this.column,
        readFlags: this.flags,
        ext: this.ext,
      };
      rows.pushBatch(b);
    }
  }
}

function grown<T extends Uint8Array | Uint32Array>(old: T, next: T): T {
  next.set(old);
  return next;
}

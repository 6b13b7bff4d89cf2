import type { RowBatch, UrlRows } from '../rows';
import type { ExtElement } from '../types';
import { BATCH_ROWS, ByteText } from './byte-batch-text';

export { BATCH_ROWS, ByteText } from './byte-batch-text';

/** Everything the byte reader read for a file's rows, held until the file is known to be read whole. */
export class ByteRows {
  count = 0;
  readonly loc = new ByteText();
  /** Distinct: each repeated date is dropped as it is read (see ByteText). */
  readonly lastmod = new ByteText(true);
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
        from, count: Math.min(BATCH_ROWS, this.count - from),
        locText: this.loc.texts[batch] as string, locEnds: this.loc.ends,
        lastmod: this.lastmod.distinctBatch(batch),
        changefreq: this.changefreq, priority: this.priority, shortValues: this.shortValues,
        file, line: this.line, column: this.column, readFlags: this.flags, ext: this.ext,
      };
      rows.pushBatch(b);
    }
  }
}

function grown<T extends Uint8Array | Uint32Array>(old: T, next: T): T {
  next.set(old);
  return next;
}

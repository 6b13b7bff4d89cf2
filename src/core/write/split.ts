import type { BodyBuffer } from './body-buffer';

/** One file's worth of entries, as decided by a {@link Splitter}. */
export interface SplitFile {
  /** Number of entries. */
  count: number;
  /** Exact UTF-8 size of the whole file: fixed header and footer, header keys, entries. */
  bytes: number;
  /** Header keys (namespace URIs) the entries need, in order of first use. */
  keys: string[];
  /** News entries (`<news:news>`) in the file. */
  news: number;
}

/**
 * Cuts a stream of entries into files that each respect a count limit and an
 * exact byte limit. A file's header may grow with its entries (a namespace
 * declaration is needed once the first entry using it lands in the file), so
 * each entry brings the header keys it needs and what each costs; the new
 * file is started before an entry that would push either the count or the
 * bytes (header growth included) over its limit, or the news entries over
 * theirs.
 */
export class Splitter {
  private cur: SplitFile;
  private keySet = new Set<string>();

  /**
   * @param maxEntries most entries per file.
   * @param maxBytes most bytes per file, everything included.
   * @param fixedBytes bytes every file has whatever its entries (header + footer).
   * @param body where accepted entries are encoded, or null to only count (for a preview).
   * @param onFile called with each completed file, in order (its entries are then in `body`).
   * @param maxNews most news entries per file.
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly fixedBytes: number,
    private readonly body: BodyBuffer | null,
    private readonly onFile: (file: SplitFile) => void,
    private readonly maxNews = Infinity,
  ) {
    this.cur = this.fresh();
  }

  /**
   * Adds one entry. Returns false, adding nothing, when the entry cannot fit
   * even alone in a file (its bytes plus the header exceed maxBytes).
   * `news` is how many news entries the entry holds. `entry` null means its
   * bytes are already in the body, pending (UrlsetWriter.write): they are
   * committed, moved to the next file, or dropped.
   */
  add(
    entry: string | null,
    entryBytes: number,
    keys?: readonly string[],
    keyBytes?: (key: string) => number,
    news = 0,
  ): boolean {
    let extra = keys && keys.length > 0 && keyBytes ? this.newKeyBytes(keys, keyBytes) : 0;
    const c = this.cur;
    if (
      c.count > 0 &&
      (c.count + 1 > this.maxEntries || c.bytes + extra + entryBytes > this.maxBytes || c.news + news > this.maxNews)
    ) {
      this.close();
      extra = keys && keys.length > 0 && keyBytes ? this.newKeyBytes(keys, keyBytes) : 0;
    }
    const f = this.cur;
    if (f.count === 0 && this.fixedBytes + extra + entryBytes > this.maxBytes) {
      if (entry === null) this.body?.discard();
      return false;
    }
    if (keys) {
      for (const k of keys) {
        if (!this.keySet.has(k)) {
          this.keySet.add(k);
          f.keys.push(k);
        }
      }
    }
    if (this.body) {
      if (entry === null) this.body.commit();
      else this.body.append(entry, entryBytes);
    }
    f.count++;
    f.bytes += extra + entryBytes;
    f.news += news;
    return true;
  }

  /** Completes the last file, if it has any entry. */
  finish(): void {
    if (this.cur.count > 0) this.close();
  }

  private newKeyBytes(keys: readonly string[], keyBytes: (key: string) => number): number {
    let n = 0;
    for (const k of keys) if (!this.keySet.has(k)) n += keyBytes(k);
    return n;
  }

  private close(): void {
    const done = this.cur;
    this.cur = this.fresh();
    this.keySet = new Set();
    this.onFile(done);
  }

  private fresh(): SplitFile {
    return { count: 0, bytes: this.fixedBytes, keys: [], news: 0 };
  }
}

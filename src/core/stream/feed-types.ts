import type { UrlRows } from '../rows/rows';
import type { IndexEntry, SourceFile } from '../rows/types';
import type { Problem } from '../rules/problem';

/** What the sinks of one file report to the job. */
export interface FeedContext {
  readonly chunkChars: number;
  /** Cap on one file's decompressed size. */
  readonly cap: number;
  /** Registers a file read (as the table path lists it); returns its index. */
  addFile(file: SourceFile): number;
  /** A file-level problem found while reading. */
  fileProblem(problem: Problem): void;
  /** The rows of one chunk of the named file. */
  rows(rows: UrlRows, fileName: string): void;
  indexEntries(entries: readonly IndexEntry[]): void;
}

/** Bytes of one file, pushed piece by piece. */
export interface FileFeed {
  /** Reads the next piece; false once the rest of the file is not wanted (not a sitemap, over a cap): stop reading. */
  push(bytes: Uint8Array): boolean;
  /** The file ended; `failure` when the host's own decompression failed (a truncated or corrupt gzip). */
  end(failure?: string): void;
}

/*
 * The messages of the streaming path: files too many for the table are
 * checked and re-split in the worker without being loaded into the document;
 * the page gets the counts with a few examples, and the zip of the files
 * written, built as they came.
 */
import type { StreamReport } from '../core/stream/stream-types';

/** What the streaming path found and wrote. */
export interface StreamOutcome {
  report: StreamReport;
  /** The sitemaps written (gzipped), the index and robots.txt; null when nothing was written. */
  zip: Blob | null;
  zipName: string;
}

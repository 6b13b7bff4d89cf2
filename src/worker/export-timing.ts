/*
 * The export's steps as User Timing measures ("export: …"), on the thread
 * that ran them (the main worker's writing, its wait for the gzip helpers and
 * the zip; each helper's deflate): the browser benchmark traces an export and
 * reads them back (bench/browser/export-trace.ts), so a MISS says where that
 * very run's time went. A few dozen measures an export: nothing to pay.
 */
import type { PackedTimes } from '../core/write/export-packed';

const EXPORT_MEASURE = 'export: ';

/** One step, `start` to `end` (`performance.now()` times), measured as `export: name`. */
export function measureExport(name: string, start: number, end = performance.now()): void {
  // Absent in some test environments; the export does not depend on it.
  if (typeof performance.measure !== 'function') return;
  performance.measure(EXPORT_MEASURE + name, { start, end });
}

/** The main worker's steps of one export (exportPacked's times). */
export function measurePacked(t: PackedTimes): void {
  measureExport('write files', t.start, t.written);
  measureExport('wait for the helpers', t.written, t.compressed);
  measureExport('zip', t.compressed, t.zipped);
}

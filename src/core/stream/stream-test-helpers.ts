/**
 * For the streaming path's tests: the same files through the table path
 * (importFiles + checkSet) and through a StreamJob, reduced to what both
 * must agree on. Not used by the app.
 */
import { checkSet } from '../check/check-set';
import { listProblems } from '../check/list-problems';
import { formatPlace } from '../rules/problem';
import { ruleFor } from '../rules/registry';
import { importFiles, type InputFile } from '../read/import-files';
import type { SourceFile } from '../rows/types';
import type { RuleCode } from '../rules/registry';
import type { Problem } from '../rules/problem';
import type { ExportFile } from '../write/options';
import { StreamJob } from './stream-job';
import type { StreamOptions, StreamReport } from './stream-types';

/** What the table path and the streaming path both say about a set of files. */
export interface Findings {
  urls: number;
  files: SourceFile[];
  byCode: Partial<Record<RuleCode, number>>;
  counts: { error: number; warning: number; info: number };
  /** Every located problem as `place code: message`, sorted. */
  problems: string[];
}

/**
 * Codes the two paths word or find differently by design: loc-duplicate
 * examples are the later copies, worded without a count; hreflang-not-reciprocal
 * needs every row at hand and is not checked when streaming.
 */
const SAME_EXCEPT = new Set<RuleCode>(['loc-duplicate', 'hreflang-not-reciprocal']);

function line(p: Problem): string {
  return `${formatPlace(p)} ${p.code}: ${p.message}`;
}

export function tablePath(files: InputFile[], opts: { now: Date; siteUrl?: string }): Findings {
  const set = importFiles(files);
  const result = checkSet(set, opts);
  const byCode = { ...result.byCode };
  const counts = { ...result.counts };
  counts[ruleFor('hreflang-not-reciprocal').severity] -= byCode['hreflang-not-reciprocal'] ?? 0;
  delete byCode['hreflang-not-reciprocal'];
  return {
    urls: set.rows.length,
    files: set.files,
    byCode,
    counts,
    problems: listProblems(set, result, opts)
      .filter((p) => !SAME_EXCEPT.has(p.code))
      .map(line)
      .sort(),
  };
}

/**
 * Streams the files, each pushed in pieces of `piece` bytes, or in two
 * pieces cut at `cutAt` when given; every example is kept.
 */
export function streamPath(
  files: InputFile[],
  opts: StreamOptions,
  piece = Infinity,
  cutAt?: number,
): { findings: Findings; report: StreamReport; out: ExportFile[] } {
  const out: ExportFile[] = [];
  const job = new StreamJob({ examplesPerCode: Number.MAX_SAFE_INTEGER, onFile: (f) => out.push(f), ...opts });
  for (const f of files) {
    const feed = job.openFile(f.name);
    const pieces = cutAt !== undefined ? [f.bytes.subarray(0, cutAt), f.bytes.subarray(cutAt)] : split(f.bytes, piece);
    for (const p of pieces) if (!feed.push(p)) break;
    feed.end();
  }
  const report = job.finish();
  return {
    report,
    out,
    findings: {
      urls: report.urls,
      files: report.files,
      byCode: report.byCode,
      counts: report.counts,
      problems: report.examples
        .filter((p) => !SAME_EXCEPT.has(p.code))
        .map(line)
        .sort(),
    },
  };
}

function split(bytes: Uint8Array, piece: number): Uint8Array[] {
  if (!Number.isFinite(piece)) return [bytes];
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += piece) out.push(bytes.subarray(at, at + piece));
  return out;
}

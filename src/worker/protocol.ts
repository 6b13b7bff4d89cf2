/*
 * The messages between the page and the sitemap worker. The imported set
 * stays in the worker; the page only ever receives a summary small enough to
 * clone cheaply whatever the number of URLs.
 */
import type { Problem, RuleCode, Severity, SourceFile } from '../core/types';

export interface ImportRequest {
  type: 'import';
  id: number;
  /** File objects clone cheaply (a handle, not the bytes); the worker reads them. */
  files: File[];
  siteUrl?: string;
}

/** Re-checks the set already in the worker, e.g. after the Site URL changed. */
export interface CheckRequest {
  type: 'check';
  id: number;
  siteUrl?: string;
}

export type WorkerRequest = ImportRequest | CheckRequest;

export type JobPhase = 'reading' | 'parsing' | 'checking';

export interface JobProgress {
  phase: JobPhase;
  bytesDone: number;
  bytesTotal: number;
  urls: number;
}

/** A problem with its place already formatted ("file.xml:12:5"), and the row's loc when it has one. */
export interface ReportedProblem extends Problem {
  place: string;
  loc?: string;
}

export interface ProblemGroup {
  code: RuleCode;
  severity: Severity;
  /** The rule's plain sentence. */
  title: string;
  /** Every occurrence, including those not sent in `problems`. */
  count: number;
}

/** One row of the first-rows preview. */
export interface PreviewRow {
  /** The row's stable id. */
  id: number;
  loc: string;
  lastmod: string;
  changefreq: string;
  priority: string;
  file: string;
}

export interface SetSummary {
  urlCount: number;
  files: SourceFile[];
  counts: { error: number; warning: number; info: number };
  byCode: Partial<Record<RuleCode, number>>;
  groups: ProblemGroup[];
  /** At most {@link MAX_PROBLEMS_SENT}, spread over every code. */
  problems: ReportedProblem[];
  problemTotal: number;
  /** The first {@link PREVIEW_ROWS} rows. */
  preview: PreviewRow[];
}

export const MAX_PROBLEMS_SENT = 1000;
export const PREVIEW_ROWS = 200;

export type WorkerResponse =
  | { type: 'progress'; id: number; progress: JobProgress }
  | { type: 'result'; id: number; summary: SetSummary }
  | { type: 'error'; id: number; message: string };

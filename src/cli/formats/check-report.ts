import type { SourceKind } from '../../core/rows/types';
import type { RuleCode } from '../../core/rules/registry';
import type { Problem } from '../../core/rules/problem';

/** One file read (or asked for and not fetched), with its own totals: a test case of `--format junit`. */
export interface ReportFile {
  /** As given, or the URL it was read from. */
  name: string;
  /** 'none' for a file that is not a sitemap (robots.txt, a crawl export, one that could not be read or fetched). */
  kind: SourceKind;
  urls: number;
  errors: number;
  warnings: number;
  infos: number;
}

/** One listed problem of `check --format json`: a Problem without the editor's row and field, which mean nothing outside it. */
export type ReportProblem = Pick<Problem, 'code' | 'severity' | 'message' | 'file' | 'line' | 'column'>;

/**
 * What `check --format json` (and `--json`) prints: the shape scripts rely
 * on, documented in the README. Counts are exact; `list` holds at most
 * {@link LIST_PER_CODE} problems per code, in file order.
 */
export interface CheckReport {
  urls: number;
  sitemaps: number;
  indexes: number;
  errors: number;
  warnings: number;
  infos: number;
  problems: Record<string, number>;
  files: ReportFile[];
  list: ReportProblem[];
}

export const LIST_PER_CODE = 1000;

/** The listed problems, by file name ('' for problems of the whole set), in first-seen order. */
export function byFile(problems: readonly Problem[]): Map<string, Problem[]> {
  const map = new Map<string, Problem[]>();
  for (const p of problems) {
    const key = p.file ?? '';
    const list = map.get(key);
    if (list) list.push(p);
    else map.set(key, [p]);
  }
  return map;
}

/** Problems by code, in first-seen order. */
export function byCode(problems: readonly Problem[]): Map<RuleCode, Problem[]> {
  const map = new Map<RuleCode, Problem[]>();
  for (const p of problems) {
    const list = map.get(p.code);
    if (list) list.push(p);
    else map.set(p.code, [p]);
  }
  return map;
}

export function plainProblem(p: Problem): ReportProblem {
  const out: ReportProblem = { code: p.code, severity: p.severity, message: p.message };
  if (p.file !== undefined) out.file = p.file;
  if (p.line !== undefined) out.line = p.line;
  if (p.column !== undefined) out.column = p.column;
  return out;
}

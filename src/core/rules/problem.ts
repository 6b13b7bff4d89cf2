import { ruleFor } from './registry';
import type { Problem, RuleCode, Severity, UrlField } from '../rows/types';

/** Where a problem is, as far as it is known. */
export interface ProblemPlace {
  file?: string;
  line?: number;
  column?: number;
  row?: number;
  field?: UrlField | 'ext';
}

/**
 * Builds a problem whose message is `detail` followed by the Search Console
 * name of the rule, so users can search for the words they already know.
 */
export function makeProblem(code: RuleCode, detail: string, place: ProblemPlace = {}, severity?: Severity): Problem {
  const rule = ruleFor(code);
  const sc = rule.searchConsole ? ` (Search Console: "${rule.searchConsole}")` : '';
  const problem: Problem = { code, severity: severity ?? rule.severity, message: detail + sc };
  if (place.file !== undefined) problem.file = place.file;
  if (place.line !== undefined) problem.line = place.line;
  if (place.column !== undefined) problem.column = place.column;
  if (place.row !== undefined) problem.row = place.row;
  if (place.field !== undefined) problem.field = place.field;
  return problem;
}

/** "file.xml:12:5" or as much of it as is known. */
export function formatPlace(p: Problem): string {
  if (!p.file) return '';
  if (!p.line) return p.file;
  return p.column ? `${p.file}:${p.line}:${p.column}` : `${p.file}:${p.line}`;
}

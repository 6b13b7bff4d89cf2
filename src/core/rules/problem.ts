import { englishOf, type Detail, type Message } from '../base/message';
import type { UrlField } from '../rows/types';
import type { Rule, RuleCode } from './registry';
import type { Severity } from './rule';

/** Where a problem is, as far as it is known. */
export interface ProblemPlace {
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based, in characters of the decoded text. */
  column?: number;
  /** Stable row id (never a position in a view). */
  row?: number;
  field?: UrlField | 'ext';
}

/**
 * One reported problem. File-level problems carry `file` (a name) and a
 * position; row-level ones also carry `row`, the row's stable id.
 */
export interface Problem extends ProblemPlace {
  code: RuleCode;
  severity: Severity;
  /** Plain language, specific to this occurrence; names the Search Console error. In English (the CLI's JSON, GitHub, JUnit). */
  message: string;
  /**
   * The same occurrence's detail as a catalogue message (without Search
   * Console's name, which the reader's side adds): shown in the reader's
   * language. Absent where core's words are not keyed yet.
   */
  detail?: Message;
}

/**
 * Builds a problem of `rule` whose message is `detail` followed by the
 * Search Console name of the rule, so users can search for the words they
 * already know.
 */
export function makeProblem(rule: Rule, detail: Detail, place: ProblemPlace = {}, severity?: Severity): Problem {
  const sc = rule.searchConsole ? ` (Search Console: "${rule.searchConsole}")` : '';
  const problem: Problem = { code: rule.code, severity: severity ?? rule.severity, message: englishOf(detail) + sc };
  if (typeof detail !== 'string') problem.detail = detail.message;
  if (place.file !== undefined) problem.file = place.file;
  if (place.line !== undefined) problem.line = place.line;
  if (place.column !== undefined) problem.column = place.column;
  if (place.row !== undefined) problem.row = place.row;
  if (place.field !== undefined) problem.field = place.field;
  return problem;
}

/** A problem's place with only the parts that are known (0 = unknown line or column). */
export function placeOf(file: string | undefined, line: number, column: number): ProblemPlace {
  const place: ProblemPlace = {};
  if (file !== undefined) place.file = file;
  if (line > 0) place.line = line;
  if (column > 0) place.column = column;
  return place;
}

/** "file.xml:12:5" or as much of it as is known. */
export function formatPlace(p: ProblemPlace): string {
  if (!p.file) return '';
  if (!p.line) return p.file;
  return p.column ? `${p.file}:${p.line}:${p.column}` : `${p.file}:${p.line}`;
}

/**
 * A value in quotes for a message: truncated to about 80 characters, with
 * invisible characters made visible (`\t`, `\n`, `\u00A0`).
 */
export function quote(value: string, max = 80): string {
  const cut = value.length > max ? value.slice(0, max - 1) + '…' : value;
  const shown = cut.replace(/[\u0000-\u001f\u007f-\u00a0\u2000-\u200b\u2028\u2029\u3000\ufeff]/g, (ch) => {
    if (ch === '\t') return '\\t';
    if (ch === '\n') return '\\n';
    if (ch === '\r') return '\\r';
    return '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  });
  return `"${shown}"`;
}

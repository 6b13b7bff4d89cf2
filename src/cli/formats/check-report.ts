import type { SourceKind } from '../../core/rows/types';
import type { RuleCode } from '../../core/rules/registry';
import type { Problem } from '../../core/rules/problem';
import type { ProbeReport } from '../probe';
import { ruleWords } from '../../i18n/rule-words';
import type { Language } from '../../i18n/languages';
import type { Translator } from '../../i18n/translator';
import { problemText } from '../../i18n/problem-text';

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

/**
 * One listed problem of `check --format json`: a Problem without the
 * editor's row and field, which mean nothing outside it; with `--lang` other
 * than English, also its rule's title and its message in that language
 * (`message` stays core's English).
 */
export type ReportProblem = Pick<Problem, 'code' | 'severity' | 'message' | 'file' | 'line' | 'column'> & {
  title?: string;
  /** The message in the `--lang` language (as core wrote it where its detail is not keyed). */
  translated?: string;
};

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
  /** With --lang other than English: the language of each listed problem's `title`. */
  lang?: Language;
  /** With --probe: what the listed URLs answered. */
  probe?: ProbeReport;
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

/** A problem as JSON lists it; `translated` (null for English) adds its rule's title in that language. */
export function plainProblem(p: Problem, translated: Translator | null = null): ReportProblem {
  const out: ReportProblem = { code: p.code, severity: p.severity, message: p.message };
  if (p.file !== undefined) out.file = p.file;
  if (p.line !== undefined) out.line = p.line;
  if (p.column !== undefined) out.column = p.column;
  if (translated) {
    out.title = ruleWords(p.code, translated).title;
    out.translated = problemText(p, translated);
  }
  return out;
}

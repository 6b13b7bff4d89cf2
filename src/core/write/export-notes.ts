import { makeProblem } from '../problem';
import type { Problem, RuleCode, Severity } from '../types';
import type { EscapeStats } from './escape';

/** Row-level export problems past this many per code are summarised in one. */
const MAX_ROW_PROBLEMS = 1000;

/** The export's problems, row-level ones capped per code. */
export class ProblemSink {
  readonly list: Problem[] = [];
  private readonly counts = new Map<RuleCode, number>();

  row(code: RuleCode, detail: string, row: number, severity?: Severity): void {
    const n = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, n);
    if (n <= MAX_ROW_PROBLEMS) this.list.push(makeProblem(code, detail, { row }, severity));
  }

  /** Adds "and N more" summaries for capped codes. */
  summarise(): void {
    for (const [code, n] of this.counts) {
      if (n > MAX_ROW_PROBLEMS) {
        this.list.push(makeProblem(code, `…and ${n - MAX_ROW_PROBLEMS} more rows with the same problem on export`));
      }
    }
  }
}

/** The first row (by id) each kind of value change touched; -1 when none. */
export interface FirstRows {
  encoded: number;
  dropped: number;
  named: number;
}

/** What writing changed in values, said once per kind (the counts are in `stats`). */
export function valueNotes(stats: EscapeStats, first: FirstRows): Problem[] {
  const problems: Problem[] = [];
  if (stats.percentEncoded > 0) {
    problems.push(
      makeProblem(
        'loc-whitespace',
        `${stats.percentEncoded} control character(s) or non-character(s) in URLs were percent-encoded on export, since XML cannot hold them raw.`,
        first.encoded >= 0 ? { row: first.encoded, field: 'loc' } : {},
        'info',
      ),
    );
  }
  if (stats.dropped > 0) {
    problems.push(
      makeProblem(
        'encoding',
        `${stats.dropped} character(s) not allowed in XML 1.0 (control characters, U+FFFE/U+FFFF, lone surrogates) were dropped from values on export.`,
        first.dropped >= 0 ? { row: first.dropped } : {},
      ),
    );
  }
  if (stats.trimmed > 0) {
    problems.push(
      makeProblem(
        'value-whitespace',
        `${stats.trimmed} value(s) with white space around them were written without it.`,
        {},
        'info',
      ),
    );
  }
  if (stats.namesDropped > 0) {
    problems.push(
      makeProblem(
        'xml-malformed',
        `${stats.namesDropped} extension element(s) or attribute(s) whose name is not an XML name, or that repeat an attribute, were left out of the export: written, they would make the file not well-formed.`,
        first.named >= 0 ? { row: first.named, field: 'ext' } : {},
      ),
    );
  }
  if (stats.lastmodCompleted > 0) {
    problems.push(
      makeProblem(
        'lastmod-format',
        `${stats.lastmodCompleted} lastmod value(s) given as a year, a month or a time without seconds were completed on export (2024-03 → 2024-03-01, T10:30Z → T10:30:00Z): the sitemap schema accepts only full dates and times.`,
        {},
        'info',
      ),
    );
  }
  return problems;
}

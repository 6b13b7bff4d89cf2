/*
 * What writing sitemaps reports, said once for the table's export
 * (export.ts, export-index.ts) and the streaming one
 * (stream/stream-writer.ts): what was repaired on the way out, and what
 * could not be written as asked.
 */
import { ENCODING, EMPTY_SITEMAP, FILE_TOO_LARGE, XML_MALFORMED } from '../rules/file/file-rules';
import { LASTMOD_FORMAT } from '../rules/lastmod/lastmod-rules';
import { LOC_NOT_ABSOLUTE, LOC_WHITESPACE, VALUE_WHITESPACE } from '../rules/loc/loc-rules';
import type { Limits } from '../rules/limits';
import { makeProblem, type Problem } from '../rules/problem';
import type { Rule } from '../rules/registry';
import type { Severity } from '../rules/rule';
import { TOO_MANY_SITEMAPS } from '../rules/sitemap-index/index-rules';
import type { EscapeStats } from './escape';

/** Row-level export problems past this many per rule are summarised in one. */
const MAX_ROW_PROBLEMS = 1000;

/** The export's problems, row-level ones capped per rule. */
export class ProblemSink {
  readonly list: Problem[] = [];
  private readonly counts = new Map<Rule, number>();

  row(rule: Rule, detail: string, row: number, severity?: Severity): void {
    const n = (this.counts.get(rule) ?? 0) + 1;
    this.counts.set(rule, n);
    if (n <= MAX_ROW_PROBLEMS) this.list.push(makeProblem(rule, detail, { row }, severity));
  }

  /** Adds "and N more" summaries for capped rules. */
  summarise(): void {
    for (const [rule, n] of this.counts) {
      if (n > MAX_ROW_PROBLEMS) {
        this.list.push(makeProblem(rule, `…and ${n - MAX_ROW_PROBLEMS} more rows with the same problem on export`));
      }
    }
  }
}

/** The first row (by id) each kind of value change touched; -1 when none (the streaming export has no rows to name). */
export interface FirstRows {
  encoded: number;
  dropped: number;
  named: number;
}

const NO_ROWS: FirstRows = { encoded: -1, dropped: -1, named: -1 };

/** What writing changed in values, said once per kind (the counts are in `stats`). */
export function valueNotes(stats: EscapeStats, first: FirstRows = NO_ROWS): Problem[] {
  const problems: Problem[] = [];
  if (stats.percentEncoded > 0) {
    problems.push(
      makeProblem(
        LOC_WHITESPACE,
        `${stats.percentEncoded} control character(s) or non-character(s) in URLs were percent-encoded on export, since XML cannot hold them raw.`,
        first.encoded >= 0 ? { row: first.encoded, field: 'loc' } : {},
        'info',
      ),
    );
  }
  if (stats.dropped > 0) {
    problems.push(
      makeProblem(
        ENCODING,
        `${stats.dropped} character(s) not allowed in XML 1.0 (control characters, U+FFFE/U+FFFF, lone surrogates) were dropped from values on export.`,
        first.dropped >= 0 ? { row: first.dropped } : {},
      ),
    );
  }
  if (stats.trimmed > 0) {
    problems.push(
      makeProblem(
        VALUE_WHITESPACE,
        `${stats.trimmed} value(s) with white space around them were written without it.`,
        {},
        'info',
      ),
    );
  }
  if (stats.namesDropped > 0) {
    problems.push(
      makeProblem(
        XML_MALFORMED,
        `${stats.namesDropped} extension element(s) or attribute(s) whose name is not an XML name, or that repeat an attribute, were left out of the export: written, they would make the file not well-formed.`,
        first.named >= 0 ? { row: first.named, field: 'ext' } : {},
      ),
    );
  }
  if (stats.lastmodCompleted > 0) {
    problems.push(
      makeProblem(
        LASTMOD_FORMAT,
        `${stats.lastmodCompleted} lastmod value(s) given as a year, a month or a time without seconds were completed on export (2024-03 → 2024-03-01, T10:30Z → T10:30:00Z): the sitemap schema accepts only full dates and times.`,
        {},
        'info',
      ),
    );
  }
  return problems;
}

/** No row had a URL: nothing was written. */
export function nothingWrittenProblem(): Problem {
  return makeProblem(EMPTY_SITEMAP, 'Nothing to export: no row has a URL, so no sitemap was written.');
}

/** One sitemap and no origin known: it is written, robots.txt gets no line (it would be relative). */
export function noRobotsLineProblem(): Problem {
  return makeProblem(
    LOC_NOT_ABSOLUTE,
    'No Site URL was given, so no robots.txt line was written: it must give the sitemap’s absolute URL.',
    {},
    'info',
  );
}

/** Several files and no origin known: the sitemaps are written, the index is not (`reason` says why). */
export function noIndexProblem(reason: string): Problem {
  return makeProblem(LOC_NOT_ABSOLUTE, `The sitemap index was not written. ${reason}`, {}, 'error');
}

/** The index was split in `indexes` files (handled, not a defect: said so the user lists every index). */
export function indexSplitProblem(sitemaps: number, indexes: number, limits: Limits): Problem {
  const byCount = sitemaps > limits.maxSitemaps;
  return makeProblem(
    byCount ? TOO_MANY_SITEMAPS : FILE_TOO_LARGE,
    (byCount
      ? `${sitemaps} sitemaps are more than one index may list (${limits.maxSitemaps}),`
      : `The index of ${sitemaps} sitemaps would be larger than ${limits.maxBytes} bytes,`) +
      ` so it was split into ${indexes} index files; robots.txt lists each of them.`,
    {},
    'info',
  );
}

/** An index entry that does not fit in an index file alone. */
export function indexEntryTooLargeProblem(name: string, bytes: number, maxBytes: number): Problem {
  return makeProblem(
    FILE_TOO_LARGE,
    `The index entry for ${name} alone is ${bytes} bytes, more than fits in an index under the ${maxBytes}-byte limit, so the index does not list it.`,
    { file: name },
    'error',
  );
}

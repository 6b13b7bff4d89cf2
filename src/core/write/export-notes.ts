/*
 * What writing sitemaps reports, said once for the table's export
 * (export.ts) and the streaming one (stream/stream-writer.ts): what was
 * repaired on the way out, and what could not be written as asked.
 */
import { ENCODING, EMPTY_SITEMAP, FILE_TOO_LARGE, XML_MALFORMED } from '../rules/file/file-rules';
import { LASTMOD_FORMAT } from '../rules/lastmod/lastmod-rules';
import { LOC_NOT_ABSOLUTE, LOC_WHITESPACE, VALUE_WHITESPACE } from '../rules/loc/loc-rules';
import type { Limits } from '../rules/limits';
import { makeProblem, type Problem } from '../rules/problem';
import { TOO_MANY_SITEMAPS } from '../rules/sitemap-index/index-rules';
import type { EscapeStats } from './escape';

/** The rows where a repair was first made, when known (row ids): the table's export names them. */
export interface FirstRepairs {
  encoded?: number;
  dropped?: number;
  named?: number;
}

const rowOf = (row: number | undefined): { row?: number } => (row !== undefined && row >= 0 ? { row } : {});

/** What the writers repaired in the values they wrote (EscapeStats), one note each. */
export function repairNotes(stats: EscapeStats, first: FirstRepairs = {}): Problem[] {
  const out: Problem[] = [];
  if (stats.percentEncoded > 0) {
    const at = rowOf(first.encoded);
    out.push(
      makeProblem(
        LOC_WHITESPACE,
        `${stats.percentEncoded} control character(s) or non-character(s) in URLs were percent-encoded on export, since XML cannot hold them raw.`,
        at.row !== undefined ? { ...at, field: 'loc' } : {},
        'info',
      ),
    );
  }
  if (stats.dropped > 0) {
    out.push(
      makeProblem(
        ENCODING,
        `${stats.dropped} character(s) not allowed in XML 1.0 (control characters, U+FFFE/U+FFFF, lone surrogates) were dropped from values on export.`,
        rowOf(first.dropped),
      ),
    );
  }
  if (stats.trimmed > 0) {
    out.push(
      makeProblem(
        VALUE_WHITESPACE,
        `${stats.trimmed} value(s) with white space around them were written without it.`,
        {},
        'info',
      ),
    );
  }
  if (stats.namesDropped > 0) {
    const at = rowOf(first.named);
    out.push(
      makeProblem(
        XML_MALFORMED,
        `${stats.namesDropped} extension element(s) or attribute(s) whose name is not an XML name, or that repeat an attribute, were left out of the export: written, they would make the file not well-formed.`,
        at.row !== undefined ? { ...at, field: 'ext' } : {},
      ),
    );
  }
  if (stats.lastmodCompleted > 0) {
    out.push(
      makeProblem(
        LASTMOD_FORMAT,
        `${stats.lastmodCompleted} lastmod value(s) given as a year, a month or a time without seconds were completed on export (2024-03 → 2024-03-01, T10:30Z → T10:30:00Z): the sitemap schema accepts only full dates and times.`,
        {},
        'info',
      ),
    );
  }
  return out;
}

/** No row had a URL: nothing was written. */
export function nothingWrittenProblem(): Problem {
  return makeProblem(EMPTY_SITEMAP, 'Nothing to export: no row has a URL, so no sitemap was written.');
}

/** The index and robots.txt name the files without an absolute URL when the Site URL is not one. */
export function siteUrlProblem(siteUrl: string): Problem {
  return makeProblem(
    LOC_NOT_ABSOLUTE,
    siteUrl === ''
      ? 'No Site URL was given, so the index and robots.txt list the files by name only; search engines need absolute URLs.'
      : `The Site URL "${siteUrl}" is not an absolute http(s) URL, so the index and robots.txt URLs are not either.`,
  );
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

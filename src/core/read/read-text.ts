import { makeProblem } from '../rules/problem';
import { isLocHeader } from './read-csv';
import { LineIndex } from './line-index';
import type { UrlRows } from '../rows/rows';
import type { Problem } from '../rules/problem';
import { LineWalker } from './line-ends';
import { TrimTally } from './value-trim';
import { NOT_A_SITEMAP, TEXT_HEADER } from '../rules/file/file-rules';
import { VALUE_WHITESPACE } from '../rules/loc/loc-rules';

export interface TextReadTarget {
  fileIndex: number;
  fileName: string;
  rows: UrlRows;
  problems: Problem[];
}

/**
 * A text sitemap: one URL per line; blank lines are skipped. Spaces and tabs
 * around a line (an indented list) are not part of the URL: they are removed
 * and counted for one `value-whitespace` warning; white space inside a line
 * stays for the checker (`loc-whitespace`).
 */
export function readTextSitemap(text: string, target: TextReadTarget): number {
  if (!listsAnyUrl(text)) {
    target.problems.push(
      makeProblem(NOT_A_SITEMAP, 'This text file lists no URLs: a text sitemap has one absolute URL per line', {
        file: target.fileName,
        line: 1,
        column: 1,
      }),
    );
    return 0;
  }
  return readUrlLines(text, 1, target);
}

/**
 * The lines of a text sitemap, the first being line `firstLine` of the file
 * (the streaming path reads a file in chunks of whole lines).
 */
export function readUrlLines(text: string, firstLine: number, target: TextReadTarget): number {
  let count = 0;
  const trims = new TrimTally();
  let line = firstLine;
  let start = 0;
  const n = text.length;
  // A header is only ever the file's first line, not a later chunk's.
  let first = firstLine === 1;
  const walker = new LineWalker(text);
  while (start <= n) {
    const { end: lineEnd, next } = walker.lineFrom(start);
    if (first && !isBlankRange(text, start, lineEnd)) {
      first = false;
      // A column copied from a spreadsheet starts with its header: a name, not a URL.
      const header = text.slice(start, lineEnd);
      if (isLocHeader(header)) {
        target.problems.push(
          makeProblem(
            TEXT_HEADER,
            `The first line "${header.trim()}" is a column header, not a URL, so it was not read as one`,
            { file: target.fileName, line, column: 1 },
          ),
        );
        line++;
        start = next;
        continue;
      }
    }
    if (!isBlankRange(text, start, lineEnd)) {
      let from = start;
      let to = lineEnd;
      while (isPad(text.charCodeAt(from))) from++;
      while (isPad(text.charCodeAt(to - 1))) to--;
      if (from !== start || to !== lineEnd) trims.note('a line', from !== start ? start : to);
      target.rows.pushValues(text.slice(from, to), '', '', '', undefined, target.fileIndex, line, from - start + 1, 0);
      count++;
    }
    line++;
    start = next;
  }
  if (trims.count > 0) {
    const place = new LineIndex(text).at(trims.firstAt);
    place.line += firstLine - 1;
    target.problems.push(makeProblem(VALUE_WHITESPACE, trims.message(), { file: target.fileName, ...place }));
  }
  return count;
}

/** Prose or a config file dropped by mistake should not become rows. */
function listsAnyUrl(text: string): boolean {
  const lines = text.slice(0, 64 * 1024).split(/\r\n?|\n/);
  let seen = 0;
  for (const l of lines) {
    const t = l.trim();
    if (!t) continue;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t) || t.startsWith('/') || /^www\./i.test(t)) return true;
    if (++seen >= 50) break;
  }
  return false;
}

/** Padding around a URL on its line (a CR there is padding, not a line end, only inside CRLF handling). */
function isPad(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

function isBlankRange(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 0xfeff) return false;
  }
  return true;
}

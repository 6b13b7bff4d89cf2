import { makeProblem } from '../problem';
import { isLocHeader } from './read-csv';
import type { UrlRows } from '../rows';
import type { Problem } from '../types';
import { LineWalker } from './line-ends';

export interface TextReadTarget {
  fileIndex: number;
  fileName: string;
  rows: UrlRows;
  problems: Problem[];
}

/**
 * A text sitemap: one URL per line. Lines are kept as written (surrounding
 * spaces included) so the checker can report them; blank lines are skipped.
 */
export function readTextSitemap(text: string, target: TextReadTarget): number {
  if (!listsAnyUrl(text)) {
    target.problems.push(makeProblem('not-a-sitemap', 'This text file lists no URLs: a text sitemap has one absolute URL per line', { file: target.fileName, line: 1, column: 1 }));
    return 0;
  }
  let count = 0;
  let line = 1;
  let start = 0;
  const n = text.length;
  let first = true;
  const walker = new LineWalker(text);
  while (start <= n) {
    const { end: lineEnd, next } = walker.lineFrom(start);
    if (first && !isBlankRange(text, start, lineEnd)) {
      first = false;
      // A column copied from a spreadsheet starts with its header: a name, not a URL.
      const header = text.slice(start, lineEnd);
      if (isLocHeader(header)) {
        target.problems.push(makeProblem('text-header', `The first line "${header.trim()}" is a column header, not a URL, so it was not read as one`, { file: target.fileName, line, column: 1 }));
        line++;
        start = next;
        continue;
      }
    }
    if (!isBlankRange(text, start, lineEnd)) {
      target.rows.push({ loc: text.slice(start, lineEnd), lastmod: '', changefreq: '', priority: '', ext: [] }, { file: target.fileIndex, line, column: 1 });
      count++;
    }
    line++;
    start = next;
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

function isBlankRange(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 0xfeff) return false;
  }
  return true;
}

import Papa from 'papaparse';
import { makeProblem } from '../problem';
import type { UrlRows } from '../rows';
import type { Problem, UrlField } from '../types';

export interface CsvReadTarget {
  fileIndex: number;
  fileName: string;
  rows: UrlRows;
  problems: Problem[];
}

/** Header names people use in spreadsheets, per field (lower case, spaces and _ removed). */
const HEADER_NAMES: Record<UrlField, string[]> = {
  loc: ['loc', 'url', 'urls', 'address', 'link', 'page', 'location', 'pageurl'],
  lastmod: ['lastmod', 'lastmodified', 'modified', 'date', 'updated', 'lastupdated', 'modifieddate'],
  changefreq: ['changefreq', 'changefrequency', 'frequency', 'freq'],
  priority: ['priority', 'prio'],
};

function fieldOfHeader(cell: string): UrlField | undefined {
  const key = cell.toLowerCase().replace(/[\s_-]+/g, '');
  for (const field of Object.keys(HEADER_NAMES) as UrlField[]) {
    if (HEADER_NAMES[field].includes(key)) return field;
  }
  return undefined;
}

/**
 * CSV or TSV (delimiter detected): a header row naming the columns, or no
 * header and URLs in the first column.
 */
export function readCsvSitemap(text: string, target: CsvReadTarget): number {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const records = parsed.data;
  const first = records[0] ?? [];
  const columns = new Map<UrlField, number>();
  first.forEach((cell, i) => {
    const field = fieldOfHeader(cell);
    if (field && !columns.has(field)) columns.set(field, i);
  });
  let start = 1;
  if (!columns.has('loc')) {
    if (first.length > 0 && /^\s*(https?:\/\/|\/)/i.test(first[0] ?? '')) {
      columns.set('loc', 0);
      start = 0;
    } else {
      target.problems.push(makeProblem('not-a-sitemap', 'This CSV has no URL column: name one column "loc" or "url", or put URLs in the first column', { file: target.fileName, line: 1, column: 1 }));
      return 0;
    }
  }
  for (const err of parsed.errors.slice(0, 20)) {
    const line = (err.row ?? 0) + 1;
    target.problems.push(makeProblem('xml-malformed', `CSV: ${err.message}`, { file: target.fileName, line }, 'warning'));
  }
  const col = (r: string[], f: UrlField): string => {
    const i = columns.get(f);
    return i === undefined ? '' : (r[i] ?? '');
  };
  let count = 0;
  for (let i = start; i < records.length; i++) {
    const r = records[i] as string[];
    target.rows.push(
      { loc: col(r, 'loc'), lastmod: col(r, 'lastmod'), changefreq: col(r, 'changefreq'), priority: col(r, 'priority'), ext: [] },
      { file: target.fileIndex, line: i + 1, column: 1 },
    );
    count++;
  }
  return count;
}

import Papa from 'papaparse';
import { formatNumber } from '../text/format';
import { makeProblem } from '../rules/problem';
import type { UrlRows } from '../rows/rows';
import type { UrlField } from '../rows/types';
import type { Problem } from '../rules/problem';
import { CSV_MALFORMED, NOT_A_SITEMAP } from '../rules/file/file-rules';
import { LineIndex } from './line-index';

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
 * True when a line is the header of a column of URLs ("URL", "loc",
 * "Address", "Page URL"…, quoted or not), as a spreadsheet copy starts.
 */
export function isLocHeader(line: string): boolean {
  const cell = line
    .trim()
    .replace(/^\uFEFF/, '')
    .replace(/^"(.*)"$/, '$1');
  return fieldOfHeader(cell) === 'loc';
}

/**
 * CSV or TSV (delimiter detected): a header row naming the columns, or no
 * header and URLs in the first column.
 */
export function readCsvSitemap(text: string, target: CsvReadTarget): number {
  const { parsed, unclosed } = parseRecords(text);
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
      target.problems.push(
        makeProblem(
          NOT_A_SITEMAP,
          'This CSV has no URL column: name one column "loc" or "url", or put URLs in the first column',
          { file: target.fileName, line: 1, column: 1 },
        ),
      );
      return 0;
    }
  }
  if (unclosed) {
    const { line, column } = new LineIndex(text).at(unclosed.at);
    const after = unclosed.linesAfter;
    const swallowed =
      after === 0
        ? 'it is left out and the line is read as it is'
        : `so this line and the ${formatNumber(after)} line${after === 1 ? '' : 's'} after it would be read as one value: the quote is left out and each line is read on its own`;
    target.problems.push(
      makeProblem(
        CSV_MALFORMED,
        `CSV: the quote (") at the start of this field is never closed${after === 0 ? ': ' : ', '}${swallowed}`,
        { file: target.fileName, line, column },
        'error',
      ),
    );
  }
  // One column has no delimiter to find: that is not a defect of the file.
  for (const err of parsed.errors.filter((e) => e.code !== 'UndetectableDelimiter').slice(0, 20)) {
    const line = (err.row ?? 0) + 1;
    target.problems.push(makeProblem(CSV_MALFORMED, `CSV: ${err.message}`, { file: target.fileName, line }));
  }
  const width = start === 1 ? first.length : 0;
  let reported = 0;
  const col = (r: string[], f: UrlField): string => {
    const i = columns.get(f);
    return i === undefined ? '' : (r[i] ?? '');
  };
  let count = 0;
  for (let i = start; i < records.length; i++) {
    let r = records[i] as string[];
    if (width > 0 && r.length > width) {
      const fitted = fitRow(r, width, columns);
      if (reported++ < MAX_REPORTED)
        target.problems.push(makeProblem(CSV_MALFORMED, fitted.message, { file: target.fileName, line: i + 1 }));
      r = fitted.row;
    }
    target.rows.push(
      {
        loc: col(r, 'loc'),
        lastmod: col(r, 'lastmod'),
        changefreq: col(r, 'changefreq'),
        priority: col(r, 'priority'),
        ext: [],
      },
      { file: target.fileIndex, line: i + 1, column: 1 },
    );
    count++;
  }
  if (reported > MAX_REPORTED) {
    target.problems.push(
      makeProblem(CSV_MALFORMED, `${reported - MAX_REPORTED} more lines have more fields than the header`, {
        file: target.fileName,
      }),
    );
  }
  return count;
}

type Parsed = Papa.ParseResult<string[]>;

/**
 * The file's records. A quote that is never closed makes the parser read
 * everything after it as one field (every later line in one URL): the quote
 * is then left out and the file parsed again, so each line is read on its
 * own, and `unclosed` says where it was. Nothing follows it that could close
 * it (the parser found no other quote), so leaving it out changes only it.
 */
function parseRecords(text: string): { parsed: Parsed; unclosed?: { at: number; linesAfter: number } } {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const missing = parsed.errors.find((e) => e.code === 'MissingQuotes');
  // The parser's index is just past the opening quote.
  const at = (missing?.index ?? 0) - 1;
  if (!missing || text[at] !== '"') return { parsed };
  const again = Papa.parse<string[]>(text.slice(0, at) + text.slice(at + 1), {
    skipEmptyLines: 'greedy',
    delimiter: parsed.meta.delimiter,
  });
  const linesAfter = text
    .slice(at)
    .split(/\r\n|\r|\n/)
    .slice(1)
    .filter((l) => l.trim() !== '').length;
  return { parsed: again, unclosed: { at, linesAfter } };
}

/** Lines with too many fields reported one by one; the rest are counted. */
const MAX_REPORTED = 20;

const DIGITS = /^\s*\d+\s*$/;

/**
 * A row with more fields than the header, made to fit, and what was done,
 * in words. An unquoted decimal comma (`0,7` in a comma-separated file, as
 * a spreadsheet in a comma-decimal locale writes it) is the usual cause:
 * when one extra field and a priority column whose value and the next field
 * are both digits explain it, the two are read as one value (`0,7`, which
 * the priority check then reports with its fix). Otherwise the row is read
 * by the header and the fields past it are named, never dropped unsaid.
 */
function fitRow(
  r: string[],
  width: number,
  columns: ReadonlyMap<UrlField, number>,
): { row: string[]; message: string } {
  const extra = r.length - width;
  const p = columns.get('priority');
  if (extra === 1 && p !== undefined && DIGITS.test(r[p] ?? '') && DIGITS.test(r[p + 1] ?? '')) {
    const value = `${(r[p] as string).trim()},${(r[p + 1] as string).trim()}`;
    const row = [...r.slice(0, p), value, ...r.slice(p + 2)];
    return {
      row,
      message: `This line has ${r.length} fields but the header has ${width}: the priority "${value}" was written with a decimal comma and no quotes, so it was read as one value (quote such values, or use a decimal point)`,
    };
  }
  const rest = r
    .slice(width)
    .map((f) => `"${f}"`)
    .join(', ');
  return {
    row: r,
    message: `This line has ${r.length} fields but the header has ${width}, so ${extra === 1 ? 'the last field' : `the last ${extra} fields`} (${rest}) ${extra === 1 ? 'is' : 'are'} not read: a number with a decimal comma and no quotes (0,7) is the usual cause; quote such values, or use a decimal point`,
  };
}

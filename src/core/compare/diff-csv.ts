import type { UrlRows } from '../rows/rows';
import { csvRecord } from '../write/csv-cell';
import { fieldsOf, type DiffKind, type RowsDiff } from './diff-rows';
import { formatExt } from './ext-compare';

/** The header of the differences CSV: one column per compared value and side. */
const DIFF_CSV_HEADER = [
  'kind',
  'loc',
  'changed',
  'lastmod before',
  'lastmod after',
  'changefreq before',
  'changefreq after',
  'priority before',
  'priority after',
  'extensions before',
  'extensions after',
] as const;

/** Rows encoded per piece: big enough to amortise, small enough to let each piece's strings die young. */
const ROWS_PER_PIECE = 4096;

const encoder = new TextEncoder();

/**
 * The differences as CSV bytes (UTF-8), for a spreadsheet: added URLs, then
 * removed, then changed, each in row order; every value of the side(s) a URL
 * is on, and for a changed one the names of the fields that differ
 * ("lastmod priority"). Extensions are written as compact XML
 * ({@link formatExt}). Starts with a UTF-8 byte order mark, without which
 * Excel reads the file in the system's legacy code page and garbles every
 * non-ASCII character; LibreOffice and Google Sheets skip it. Cells are
 * quoted and guarded against formulas by {@link csvRecord}: the before
 * set is someone's live site, as untrusted as any download, and a loc like
 * `=HYPERLINK(…)` must stay text in a spreadsheet.
 */
export function writeDiffCsv(before: UrlRows, after: UrlRows, diff: RowsDiff): Uint8Array {
  const pieces: Uint8Array[] = [encoder.encode('\uFEFF' + csvRecord(DIFF_CSV_HEADER))];
  let text = '';
  let rows = 0;
  const flush = () => {
    pieces.push(encoder.encode(text));
    text = '';
    rows = 0;
  };
  const emit = (line: string) => {
    text += line;
    if (++rows >= ROWS_PER_PIECE) flush();
  };
  for (const kind of ['added', 'removed', 'changed'] as const satisfies readonly DiffKind[]) {
    for (const p of diff[kind]) {
      if (kind === 'removed') {
        emit(csvRecord([kind, before.loc.get(p), '', ...sides(before, p, null, 0)]));
        continue;
      }
      const b = diff.match[p] as number;
      const changed = kind === 'changed' ? fieldsOf(diff.fields[p] as number).join(' ') : '';
      emit(csvRecord([kind, after.loc.get(p), changed, ...sides(b >= 0 ? before : null, b, after, p)]));
    }
  }
  flush();
  return concat(pieces);
}

/** The before and after value of each compared field, '' for a side the URL is not on. */
function sides(before: UrlRows | null, b: number, after: UrlRows | null, a: number): string[] {
  return [
    before ? before.lastmod.get(b) : '',
    after ? after.lastmod.get(a) : '',
    before ? before.changefreq.get(b) : '',
    after ? after.changefreq.get(a) : '',
    before ? before.priority.get(b) : '',
    after ? after.priority.get(a) : '',
    before ? formatExt(before.ext[b]) : '',
    after ? formatExt(after.ext[a]) : '',
  ];
}

function concat(pieces: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/*
 * The redirect map a restructure needs: every loc changed in the session,
 * from what it was to what it is, written as a CSV and in the forms web
 * servers read. Derived from the undo history's loc changes, so an undone
 * move is not in it and a URL moved twice redirects once, to where it is now.
 */
import type { CellChange } from '../rows/changes';
import { csvRecord } from './csv-cell';
import {
  writeApacheRedirects,
  writeNetlifyRedirects,
  writeNginxMap,
  type LeftOut,
  type Redirect,
} from './redirect-servers';

/** One change of the document as the history holds it: its cell changes and the rows it added or removed. */
export interface LocStep {
  cells: readonly CellChange[];
  added?: Iterable<number>;
  removed?: Iterable<number>;
}

export type RedirectFormat = 'csv' | 'nginx' | 'apache' | 'netlify';

/**
 * The redirects of a series of changes, oldest first: for each row, its
 * first loc and its last. Rows added in the series (planned pages) were
 * never served and need none, nor rows removed since, nor rows that came
 * back to their first loc, nor empty locs. Two rows moved from the same loc
 * give one redirect, to the first one's new loc.
 */
export function redirectsOf(steps: readonly LocStep[]): Redirect[] {
  const first = new Map<number, string>();
  const last = new Map<number, string>();
  const born = new Set<number>();
  const gone = new Set<number>();
  for (const step of steps) {
    for (const id of step.added ?? []) {
      born.add(id);
      gone.delete(id);
    }
    for (const c of step.cells) {
      if (c.field !== 'loc') continue;
      if (!first.has(c.row)) first.set(c.row, c.before);
      last.set(c.row, c.after);
    }
    for (const id of step.removed ?? []) gone.add(id);
  }
  const out: Redirect[] = [];
  const seen = new Set<string>();
  for (const [row, from] of first) {
    const to = last.get(row) as string;
    if (born.has(row) || gone.has(row) || from === to || from.trim() === '' || to.trim() === '' || seen.has(from))
      continue;
    seen.add(from);
    out.push({ from, to });
  }
  return out;
}

/** The redirect map in one of the formats: its file name and type, its text, and the redirects it could not hold safely (listed in its comments). */
export interface RedirectMapFile {
  fileName: string;
  mimeType: string;
  text: string;
  leftOut: LeftOut[];
}

/** The redirect map in one of the formats, with its file name and type. */
export function writeRedirectMap(redirects: readonly Redirect[], format: RedirectFormat): RedirectMapFile {
  switch (format) {
    case 'csv':
      return { fileName: 'redirects.csv', mimeType: 'text/csv', text: writeRedirectCsv(redirects), leftOut: [] };
    case 'nginx':
      return { fileName: 'redirects.nginx.conf', mimeType: 'text/plain', ...writeNginxMap(redirects) };
    case 'apache':
      return { fileName: 'redirects.htaccess', mimeType: 'text/plain', ...writeApacheRedirects(redirects) };
    case 'netlify':
      // Not text/plain: browsers add ".txt" to a text file without an extension, and Netlify reads `_redirects` only.
      return { fileName: '_redirects', mimeType: 'application/octet-stream', ...writeNetlifyRedirects(redirects) };
  }
}

/**
 * CSV (RFC 4180, CRLF, a header `old,new`), the form a spreadsheet or a
 * migration script reads: data, not config, so every redirect is in it, any
 * value quoted as RFC 4180 says (a line break inside quotes is part of the
 * cell) and guarded against being read as a formula.
 */
export function writeRedirectCsv(redirects: readonly Redirect[]): string {
  let out = csvRecord(['old', 'new']);
  for (const r of redirects) out += csvRecord([r.from, r.to]);
  return out;
}

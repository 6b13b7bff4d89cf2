/*
 * The redirect map a restructure needs: every loc changed in the session,
 * from what it was to what it is, written as a CSV and in the forms web
 * servers read. Derived from the undo history's loc changes, so an undone
 * move is not in it and a URL moved twice redirects once, to where it is now.
 */
import type { CellChange } from '../rows/changes';
import { csvRecord } from './csv-cell';

/** One change of the document as the history holds it: its cell changes and the rows it added or removed. */
export interface LocStep {
  cells: readonly CellChange[];
  added?: Iterable<number>;
  removed?: Iterable<number>;
}

/** A URL that moved: where it was, where it is now. */
export interface Redirect {
  from: string;
  to: string;
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

const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/;

/** A URL cut into its origin ('https://a.example') and the rest ('/x?y'; '/' when empty). */
function split(url: string): { origin: string; path: string } {
  const m = ORIGIN.exec(url);
  if (!m) return { origin: '', path: url };
  const rest = url.slice(m[0].length);
  return { origin: m[0], path: rest === '' ? '/' : rest };
}

/** The target as the server writes it: a path when it stays on the origin, the whole URL otherwise. */
function target(r: Redirect): string {
  const from = split(r.from);
  const to = split(r.to);
  return to.origin !== '' && to.origin === from.origin ? to.path : r.to;
}

/** The redirect map in one of the formats, with its file name and type. */
export function writeRedirectMap(
  redirects: readonly Redirect[],
  format: RedirectFormat,
): { fileName: string; mimeType: string; text: string } {
  switch (format) {
    case 'csv':
      return { fileName: 'redirects.csv', mimeType: 'text/csv', text: writeRedirectCsv(redirects) };
    case 'nginx':
      return { fileName: 'redirects.nginx.conf', mimeType: 'text/plain', text: writeNginxMap(redirects) };
    case 'apache':
      return { fileName: 'redirects.htaccess', mimeType: 'text/plain', text: writeApacheRedirects(redirects) };
    case 'netlify':
      // Not text/plain: browsers add ".txt" to a text file without an extension, and Netlify reads `_redirects` only.
      return { fileName: '_redirects', mimeType: 'application/octet-stream', text: writeNetlifyRedirects(redirects) };
  }
}

/** CSV (RFC 4180, CRLF, a header `old,new`), the form a spreadsheet or a migration script reads. */
export function writeRedirectCsv(redirects: readonly Redirect[]): string {
  let out = csvRecord(['old', 'new']);
  for (const r of redirects) out += csvRecord([r.from, r.to]);
  return out;
}

/** A value as nginx reads it: quoted when it holds a character that ends or splits a token. */
function nginxValue(s: string): string {
  return /[\s;{}"'#\\$]/.test(s) ? `"${s.replace(/["\\]/g, '\\$&')}"` : s;
}

/**
 * An nginx `map` from the request to the new URL: keys by `$request_uri`
 * (path and query) when every old URL is on one origin, by the whole URL
 * otherwise. Included in the `http` block; the server then redirects with
 * `if ($redirect_to) { return 301 $redirect_to; }`.
 */
export function writeNginxMap(redirects: readonly Redirect[]): string {
  const origins = new Set(redirects.map((r) => split(r.from).origin));
  const byPath = origins.size <= 1;
  const lines = [
    '# Redirect map written by Sitemap Editor. Include it in the http block, then in the server block:',
    '#   if ($redirect_to) { return 301 $redirect_to; }',
    `map ${byPath ? '$request_uri' : '$scheme://$host$request_uri'} $redirect_to {`,
    '    default "";',
  ];
  for (const r of redirects) lines.push(`    ${nginxValue(byPath ? split(r.from).path : r.from)} ${nginxValue(r.to)};`);
  lines.push('}');
  return lines.join('\n') + '\n';
}

/** Apache and Netlify match the path alone: a URL with a query or a fragment cannot be a rule of theirs. */
function pathOnly(r: Redirect): boolean {
  return !/[?#]/.test(split(r.from).path);
}

/** The redirects by old origin, each origin's longest old paths first (see writeApacheRedirects). */
function byOrigin(redirects: readonly Redirect[]): Map<string, Redirect[]> {
  const out = new Map<string, Redirect[]>();
  for (const r of redirects) {
    const origin = split(r.from).origin;
    const list = out.get(origin) ?? [];
    list.push(r);
    out.set(origin, list);
  }
  for (const list of out.values()) list.sort((a, b) => split(b.from).path.length - split(a.from).path.length);
  return out;
}

function encodeSpaces(s: string): string {
  return s.replace(/\s/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function quoted(s: string): string {
  return /[\s"]/.test(s) ? `"${s.replace(/"/g, '\\"')}"` : s;
}

/**
 * Apache `Redirect 301` lines (mod_alias), for the server config or an
 * `.htaccess` of each origin. Redirect matches by path prefix and the first
 * match wins, so the longest old paths come first: `/blog/a` before `/blog`.
 * Old URLs with a query cannot be matched by Redirect: they are listed as
 * comments, for a RewriteRule by hand.
 */
export function writeApacheRedirects(redirects: readonly Redirect[]): string {
  const lines = [
    '# Redirect map written by Sitemap Editor (Apache mod_alias). Longest paths first: Redirect matches by prefix.',
  ];
  for (const [origin, list] of byOrigin(redirects)) {
    lines.push(`# ${origin || '(not absolute)'}`);
    for (const r of list) {
      const from = split(r.from).path;
      lines.push(
        pathOnly(r)
          ? `Redirect 301 ${quoted(from)} ${quoted(target(r))}`
          : `# needs a RewriteRule (query): ${r.from} -> ${r.to}`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * Netlify's `_redirects` file: `from to 301`, one a line; the from is a path
 * when every old URL is on one origin, the whole URL otherwise (Netlify
 * matches a domain that way). Old URLs with a query are listed as comments.
 */
export function writeNetlifyRedirects(redirects: readonly Redirect[]): string {
  const origins = new Set(redirects.map((r) => split(r.from).origin));
  const byPath = origins.size <= 1;
  const lines = ['# Redirect map written by Sitemap Editor (Netlify _redirects).'];
  for (const r of redirects) {
    const from = byPath ? split(r.from).path : r.from;
    // Netlify splits a line at white space: a space in a URL is written as %20, as it is served.
    lines.push(
      pathOnly(r)
        ? `${encodeSpaces(from)}  ${encodeSpaces(target(r))}  301`
        : `# needs a query rule: ${r.from} -> ${r.to}`,
    );
  }
  return lines.join('\n') + '\n';
}

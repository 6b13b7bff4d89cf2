import { makeProblem } from '../rules/problem';
import type { SitemapSet } from './sitemap-set';
import { INDEX_CHILD_MISSING, NESTED_INDEX } from '../rules/sitemap-index/index-rules';
import { absoluteUrlOf, resolveAgainst, sourcePath } from '../text/site-url';

/**
 * Matches each `<sitemap>` entry of an index to a file given with it, by the
 * full path of its loc (`/en/sitemap.xml` and `/es/sitemap.xml` are two
 * children, as Hugo writes them; `.gz` optional on either side), and reports
 * nested indexes and children that were not given. A relative child loc is
 * first resolved against the index's own URL when the index was read from
 * one.
 *
 * A file given by name only (`sitemap.xml`, dropped from a folder) matches
 * every loc whose path ends with that name; the longest match wins, then the
 * file whose URLs lie under the loc's folder (Hugo's /en/sitemap.xml lists
 * /en/ pages). A file is the child of one loc only: with two locs and one
 * file of that name, the other loc's file is missing, and said so.
 */
export function resolveIndexChildren(set: SitemapSet): void {
  if (set.sitemaps.length === 0) return;
  for (const entry of set.sitemaps) {
    const own = absoluteUrlOf(set.files[entry.file]?.name ?? '');
    if (!own || absoluteUrlOf(entry.loc.trim())) continue;
    const resolved = resolveAgainst(entry.loc, own);
    if (resolved) entry.loc = resolved;
  }
  const paths = set.files.map((f) => withoutGz(sourcePath(f.name).toLowerCase()));
  const firstLocs = firstLocOfFiles(set);
  // Which loc took each file: one file is one child, unless an index lists the same loc twice.
  const claimed = new Map<number, string>();
  for (const entry of set.sitemaps) {
    const indexFile = set.files[entry.file];
    if (!indexFile) continue;
    const place = { file: indexFile.name, line: entry.line, column: entry.column };
    const name = childName(entry.loc);
    if (!name) continue; // no usable loc: the checker reports the loc itself
    const path = withoutGz(locPath(entry.loc));
    let best: number[] = [];
    let bestScore = 0;
    paths.forEach((p, i) => {
      if (p === '' || !(path === p || path.endsWith('/' + p))) return;
      // The index itself only when the entry is at the site's root (an index at /sitemap.xml
      // listing /en/sitemap.xml lists another file of the same name).
      if (i === entry.file && !isAtRoot(entry.loc)) return;
      if (p.length > bestScore) {
        bestScore = p.length;
        best = [i];
      } else if (p.length === bestScore) best.push(i);
    });
    const key = entry.loc.trim();
    const pool = best.filter((i) => (claimed.get(i) ?? key) === key);
    const folder = entry.loc
      .trim()
      .replace(/[^/]*$/, '')
      .toLowerCase();
    const child = pool.find((i) => folder !== '' && firstLocs[i]?.toLowerCase().startsWith(folder)) ?? pool[0];
    if (child === undefined) {
      // The full URL: a Hugo index lists en/sitemap.xml and es/sitemap.xml, the same name twice.
      set.problems.push(
        makeProblem(
          INDEX_CHILD_MISSING,
          `The index lists ${entry.loc.trim()} ("${name}"), which was not imported: add that file to check its URLs too`,
          place,
        ),
      );
      continue;
    }
    entry.child = child;
    claimed.set(child, key);
    if (child === entry.file) {
      set.problems.push(makeProblem(NESTED_INDEX, `The index lists itself ("${name}")`, place));
    } else if (set.files[child]?.kind === 'sitemapindex') {
      set.problems.push(
        makeProblem(
          NESTED_INDEX,
          `The index lists "${name}", which is itself a sitemap index; an index may list only sitemaps`,
          place,
        ),
      );
    }
  }
}

/** The file name a loc points at, percent-decoded, without query or fragment. */
export function childName(loc: string): string {
  const clean = loc.trim().replace(/[?#].*$/, '');
  const base = clean.slice(clean.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(base);
  } catch {
    return base;
  }
}

/** A loc's path, lower case and percent-decoded (`/en/sitemap.xml`); a relative loc's own text without query. */
function locPath(loc: string): string {
  const trimmed = loc.trim();
  let path = trimmed.replace(/[?#].*$/, '');
  const url = absoluteUrlOf(trimmed);
  if (url) path = new URL(url).pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // kept as written
  }
  return ('/' + path.replace(/^\/+/, '')).toLowerCase();
}

/** True when a loc names a file at the root of its host (`https://e.com/sitemap.xml`). */
function isAtRoot(loc: string): boolean {
  try {
    return new URL(loc.trim()).pathname.lastIndexOf('/') === 0;
  } catch {
    return true;
  }
}

function withoutGz(p: string): string {
  return p.endsWith('.gz') ? p.slice(0, -3) : p;
}

/** Each file's first row's loc ('' when it has none): which folder its URLs lie in. */
function firstLocOfFiles(set: SitemapSet): string[] {
  const out: string[] = new Array<string>(set.files.length).fill('');
  const seen = new Uint8Array(set.files.length);
  const rows = set.rows;
  let left = set.files.length;
  for (let i = 0; i < rows.length && left > 0; i++) {
    const f = rows.file[i] as number;
    if (f < seen.length && !seen[f]) {
      seen[f] = 1;
      left--;
      out[f] = rows.loc.get(i).trim();
    }
  }
  return out;
}

import { makeProblem } from '../rules/problem';
import type { SitemapSet } from './sitemap-set';
import { INDEX_CHILD_MISSING, NESTED_INDEX } from '../rules/sitemap-index/index-rules';

/**
 * Matches each `<sitemap>` entry of an index to a file given with it, by file
 * name (the last path segment of its loc; `.gz` optional on either side), and
 * reports nested indexes and children that were not given.
 */
export function resolveIndexChildren(set: SitemapSet): void {
  if (set.sitemaps.length === 0) return;
  // Every file of each name: a Hugo site has /sitemap.xml (the index), /en/sitemap.xml and /es/sitemap.xml.
  const byName = new Map<string, number[]>();
  set.files.forEach((f, i) => {
    const base = baseName(f.name);
    for (const key of nameKeys(base)) {
      const list = byName.get(key);
      if (!list) byName.set(key, [i]);
      else if (!list.includes(i)) list.push(i);
    }
  });
  for (const entry of set.sitemaps) {
    const indexFile = set.files[entry.file];
    if (!indexFile) continue;
    const place = { file: indexFile.name, line: entry.line, column: entry.column };
    const name = childName(entry.loc);
    if (!name) continue; // no usable loc: the checker reports the loc itself
    const found = nameKeys(name).flatMap((k) => byName.get(k) ?? []);
    // The index itself only when the entry is at the site's root (an index at /sitemap.xml listing
    // /en/sitemap.xml lists another file of the same name); of the others, the one whose path ends as the loc's.
    const others = found.filter((i) => i !== entry.file);
    const tail = pathTail(entry.loc);
    const child =
      found.includes(entry.file) && isAtRoot(entry.loc)
        ? entry.file
        : (others.find((i) => set.files[i]?.name.toLowerCase().endsWith(tail)) ?? others[0]);
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

/** The last two segments of a loc's path, lower case ("/en/sitemap.xml"), to tell same-named files apart. */
function pathTail(loc: string): string {
  try {
    const path = new URL(loc.trim()).pathname.toLowerCase();
    const cut = path.lastIndexOf('/', path.lastIndexOf('/') - 1);
    return decodeURIComponent(cut < 0 ? path : path.slice(cut));
  } catch {
    return '\0';
  }
}

/** True when a loc names a file at the root of its host (`https://e.com/sitemap.xml`). */
function isAtRoot(loc: string): boolean {
  try {
    return new URL(loc.trim()).pathname.lastIndexOf('/') === 0;
  } catch {
    return true;
  }
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function nameKeys(name: string): string[] {
  const lower = name.toLowerCase();
  return lower.endsWith('.gz') ? [lower, lower.slice(0, -3)] : [lower, `${lower}.gz`];
}

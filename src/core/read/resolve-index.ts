import { makeProblem } from '../problem';
import type { SitemapSet } from '../sitemap-set';

/**
 * Matches each `<sitemap>` entry of an index to a file given with it, by file
 * name (the last path segment of its loc; `.gz` optional on either side), and
 * reports nested indexes and children that were not given.
 */
export function resolveIndexChildren(set: SitemapSet): void {
  if (set.sitemaps.length === 0) return;
  const byName = new Map<string, number>();
  set.files.forEach((f, i) => {
    const base = baseName(f.name);
    for (const key of nameKeys(base)) if (!byName.has(key)) byName.set(key, i);
  });
  for (const entry of set.sitemaps) {
    const indexFile = set.files[entry.file];
    if (!indexFile) continue;
    const place = { file: indexFile.name, line: entry.line, column: entry.column };
    const name = childName(entry.loc);
    if (!name) continue; // no usable loc: the checker reports the loc itself
    const child = nameKeys(name).map((k) => byName.get(k)).find((i) => i !== undefined);
    if (child === undefined) {
      // The full URL: a Hugo index lists en/sitemap.xml and es/sitemap.xml, the same name twice.
      set.problems.push(makeProblem('index-child-missing', `The index lists ${entry.loc.trim()} ("${name}"), which was not imported: add that file to check its URLs too`, place));
      continue;
    }
    entry.child = child;
    if (child === entry.file) {
      set.problems.push(makeProblem('nested-index', `The index lists itself ("${name}")`, place));
    } else if (set.files[child]?.kind === 'sitemapindex') {
      set.problems.push(makeProblem('nested-index', `The index lists "${name}", which is itself a sitemap index; an index may list only sitemaps`, place));
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

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

function nameKeys(name: string): string[] {
  const lower = name.toLowerCase();
  return lower.endsWith('.gz') ? [lower, lower.slice(0, -3)] : [lower, `${lower}.gz`];
}

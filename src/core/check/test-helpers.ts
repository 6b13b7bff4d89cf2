/**
 * Builders for tests of check/ and fix/: a SitemapSet from a few plain
 * entries, without going through a reader. Not used by the app.
 */
import { UrlRows, type UrlEntry } from '../rows/rows';
import type { SitemapSet } from '../read/sitemap-set';
import type { IndexEntry, SourceFile } from '../rows/types';

export type RowInput = Partial<UrlEntry> & { flags?: number; line?: number; column?: number; file?: number };

/** A source file record with defaults. */
export function sourceFile(name: string, kind: SourceFile['kind'] = 'urlset'): SourceFile {
  return { name, kind, count: 0, bytes: 0, encoding: 'utf-8', compression: null };
}

/** Rows from entries (`string` = just a loc); each row's line is its index + 2 unless given. */
export function rowsOf(entries: readonly (RowInput | string)[]): UrlRows {
  const rows = new UrlRows();
  entries.forEach((input, k) => {
    const e: RowInput = typeof input === 'string' ? { loc: input } : input;
    rows.push(
      {
        loc: e.loc ?? '',
        lastmod: e.lastmod ?? '',
        changefreq: e.changefreq ?? '',
        priority: e.priority ?? '',
        ext: e.ext ?? [],
      },
      { file: e.file ?? 0, line: e.line ?? k + 2, column: e.column ?? 3 },
      e.flags ?? 0,
    );
  });
  return rows;
}

/** A set with one file `sitemap.xml` (or the files given) holding the entries. */
export function setOf(
  entries: readonly (RowInput | string)[],
  extra: { files?: SourceFile[]; sitemaps?: IndexEntry[] } = {},
): SitemapSet {
  return {
    rows: rowsOf(entries),
    files: extra.files ?? [sourceFile('sitemap.xml')],
    sitemaps: extra.sitemaps ?? [],
    problems: [],
  };
}

/*
 * How the exported rows are laid out in files: the user's own files back
 * (keep), or cut by the limits, by section, type, locale or month. A layout
 * only groups rows; the writer (export.ts) splits each group at the limits,
 * names its files and writes the index.
 */
import { NO_FILE } from '../edit/commands';
import { makeProblem } from '../rules/problem';
import type { SitemapSet } from '../read/sitemap-set';
import type { Problem } from '../rules/problem';
import type { SourceFile } from '../rows/types';
import { keyOfRow, keyOrder } from './layout-keys';
import { cleanBaseName } from './names';
import { stripSitemapExtension } from './origin';
import { absoluteUrlOf, sourcePath } from '../text/site-url';
import { EMPTY_SITEMAP } from '../rules/file/file-rules';
import { INDEX_CHILD_MISSING } from '../rules/sitemap-index/index-rules';

export const LAYOUTS = ['keep', 'limits', 'section', 'type', 'locale', 'month'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** The dialog's and the CLI's words for each layout. */
export const LAYOUT_LABELS: Record<Layout, string> = {
  keep: 'Keep my files',
  limits: 'Split by limits',
  section: 'By section',
  type: 'By type',
  locale: 'By locale',
  month: 'By month',
};

export function isLayout(s: unknown): s is Layout {
  return typeof s === 'string' && (LAYOUTS as readonly string[]).includes(s);
}

/** The stem of the file new rows go to in Keep my files when no file of theirs fits. */
export const ADDED_STEM = 'sitemap-added';

/** What the CLI's `--new-urls-to` takes for {@link ADDED_STEM}, the app's "a new sitemap-added.xml". */
export const NEW_FILE_WORD = 'new';

/**
 * Keep my files: the stem new rows go to, named as `--new-urls-to` names it
 * (`new`, or a kept file by its name as written, `post-sitemap.xml`, or its
 * stem); undefined when no kept file has that name.
 */
export function newRowsTargetOf(groups: readonly LayoutGroup[], name: string): string | undefined {
  if (name === NEW_FILE_WORD) return ADDED_STEM;
  const wanted = stripSitemapExtension(name.trim()).toLowerCase();
  return groups.find((g) => g.source !== '' && g.stem.toLowerCase() === wanted)?.stem;
}

/** A group's file name when it is written whole: `post-sitemap.xml`, `en/sitemap.xml.gz`. */
export function groupFileName(g: LayoutGroup): string {
  return `${g.stem}.${g.format}${g.gzip ? '.gz' : ''}`;
}

/** One file to write (split at the limits as `stem-1`, `stem-2` … when it outgrows one). */
export interface LayoutGroup {
  /** Its path without extension: `post-sitemap`, `en/sitemap`, `sitemap-blog`. */
  stem: string;
  format: 'xml' | 'txt';
  gzip: boolean;
  /** Row positions, in writing order. */
  positions: number[];
  /** Where it is served, when an imported index says so (absolute). */
  url?: string;
  /** The source file it goes back as; '' for a file of the layout's own. */
  source: string;
}

/** An index entry: one of the groups (each of its files), or a child kept as listed (not imported). */
type IndexItem = { group: number } | { loc: string; lastmod: string };

export interface LayoutIndex {
  /** Its path without extension: `sitemap_index`, `sitemap-index`. */
  stem: string;
  gzip: boolean;
  /** Where it is served, when known (it was read from that URL). */
  url?: string;
  items: IndexItem[];
  /** Written whatever the number of files (the user's own index); else only when more than one file results. */
  always: boolean;
  /**
   * Keep my files without an index of the user's: written only when a file is
   * split at the limits (its parts are named by nothing else) or an index is
   * asked for always; the user's own files are listed in robots.txt as they were.
   */
  whenSplit?: boolean;
}

export interface LayoutPlan {
  layout: Layout;
  groups: LayoutGroup[];
  indexes: LayoutIndex[];
  /** What the layout did that the user should know (a file left empty, rows with no file of their own). */
  notes: Problem[];
}

export interface LayoutOptions {
  format: 'xml' | 'txt';
  gzip: boolean;
  baseName?: string;
  /** Keep my files: the stem of the file new rows go to; '' or absent: by their first path segment. */
  newRowsTo?: string;
}

/** The name the page gives text pasted into it (a list of URLs, a sitemap's XML): no file of the user's. */
export const PASTED_FILE_NAME = 'pasted.txt';

/**
 * Whether a source file is a sitemap Keep my files writes back: a feed or a
 * CSV has no sitemap form to go back to, and pasted text was no file.
 */
function isKeptKind(f: SourceFile): boolean {
  return (f.kind === 'urlset' || f.kind === 'text') && f.name !== PASTED_FILE_NAME;
}

/** The layout to offer first: the user's own files when the rows came from sitemap files. */
export function defaultLayout(set: Pick<SitemapSet, 'files'>): Layout {
  return set.files.some(isKeptKind) ? 'keep' : 'limits';
}

/** The rows at `positions` grouped as `layout` says. */
export function planLayout(
  set: SitemapSet,
  layout: Layout,
  positions: ArrayLike<number>,
  opts: LayoutOptions,
): LayoutPlan {
  if (layout === 'keep') return planKeep(set, positions, opts);
  const base = cleanBaseName(opts.baseName);
  const index: LayoutIndex = { stem: `${base}-index`, gzip: opts.gzip, items: [], always: false };
  const groups: LayoutGroup[] = [];
  if (layout === 'limits') {
    groups.push({ stem: base, format: opts.format, gzip: opts.gzip, positions: Array.from(positions), source: '' });
  } else {
    const byKey = new Map<string, number[]>();
    for (let k = 0; k < positions.length; k++) {
      const p = positions[k] as number;
      const key = keyOfRow(layout, set.rows, p);
      const list = byKey.get(key);
      if (list) list.push(p);
      else byKey.set(key, [p]);
    }
    for (const key of keyOrder(layout, [...byKey.keys()])) {
      groups.push({
        stem: `${base}-${key}`,
        format: opts.format,
        gzip: opts.gzip,
        positions: byKey.get(key) as number[],
        source: '',
      });
    }
  }
  index.items = groups.map((_, group) => ({ group }));
  return { layout, groups, indexes: [index], notes: [] };
}

function planKeep(set: SitemapSet, positions: ArrayLike<number>, opts: LayoutOptions): LayoutPlan {
  const { files, sitemaps, rows } = set;
  const groups: LayoutGroup[] = [];
  const groupOfFile = new Map<number, number>();
  const stems = new Set<string>();
  const notes: Problem[] = [];
  const unique = (stem: string): string => {
    let s = stem;
    for (let n = 2; stems.has(s.toLowerCase()); n++) s = `${stem}-${n}`;
    stems.add(s.toLowerCase());
    return s;
  };
  const addFile = (f: number, stem: string, url?: string): number => {
    const file = files[f] as SourceFile;
    const g = groups.length;
    groups.push({
      stem: unique(stem),
      format: file.kind === 'text' ? 'txt' : 'xml',
      gzip: file.compression === 'gzip',
      positions: [],
      ...(url ? { url } : {}),
      source: file.name,
    });
    groupOfFile.set(f, g);
    return g;
  };

  // Each index back under its own name, its children in their order at their URLs.
  const indexes: LayoutIndex[] = [];
  const indexOfFile = new Map<number, LayoutIndex>();
  files.forEach((file, f) => {
    if (file.kind !== 'sitemapindex') return;
    const url = absoluteUrlOf(file.name);
    const index: LayoutIndex = {
      stem: unique(stripSitemapExtension(sourcePath(file.name))),
      gzip: file.compression === 'gzip',
      ...(url ? { url } : {}),
      items: [],
      always: true,
    };
    indexes.push(index);
    indexOfFile.set(f, index);
  });
  for (const entry of sitemaps) {
    const index = indexOfFile.get(entry.file);
    if (!index) continue;
    const child = files[entry.child];
    if (entry.child < 0 || !child || !isKeptKind(child)) {
      // Not imported (or itself an index): listed as it was, so the site's other files stay reachable.
      index.items.push({ loc: entry.loc.trim(), lastmod: entry.lastmod.trim() });
      continue;
    }
    let g = groupOfFile.get(entry.child);
    if (g === undefined) g = addFile(entry.child, childStem(entry.loc, child.name, index.url), childUrl(entry.loc));
    index.items.push({ group: g });
  }
  files.forEach((file, f) => {
    if (isKeptKind(file) && !groupOfFile.has(f)) addFile(f, stripSitemapExtension(sourcePath(file.name)));
  });

  // The rows, each in its file in storage order (the file's order, edits in place).
  const strays: number[] = [];
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k] as number;
    const f = rows.file[p] as number;
    const g = f === NO_FILE ? undefined : groupOfFile.get(f);
    if (g === undefined) strays.push(p);
    else groups[g]?.positions.push(p);
  }
  if (strays.length > 0) placeNewRows(set, groups, indexes, strays, opts, unique, notes);
  // No index of the user's: one of ours lists the files once a file is split, or always when asked.
  if (indexes.length === 0)
    indexes.push({
      stem: unique(`${cleanBaseName(opts.baseName)}-index`),
      gzip: opts.gzip,
      items: groups.map((_, group) => ({ group })),
      always: false,
      whenSplit: true,
    });

  for (const g of groups) {
    if (g.positions.length === 0 && g.source !== '') {
      notes.push(
        makeProblem(
          EMPTY_SITEMAP,
          `${g.source} has no URL left, so it is not written${indexes.some((i) => i.items.some((it) => 'group' in it && groups[it.group] === g)) ? ' and the index no longer lists it' : ''}.`,
          { file: g.source },
          'info',
        ),
      );
    }
  }
  return { layout: 'keep', groups, indexes, notes };
}

/**
 * Rows with no sitemap of their own (added in the editor, or from a pasted
 * list, a CSV, a feed): to the file the user picked, else to the file holding
 * most URLs of the same first path segment, else to `sitemap-added`, listed
 * by the first index.
 */
function placeNewRows(
  set: SitemapSet,
  groups: LayoutGroup[],
  indexes: LayoutIndex[],
  strays: readonly number[],
  opts: LayoutOptions,
  unique: (stem: string) => string,
  notes: Problem[],
): void {
  const rows = set.rows;
  let added = -1;
  const addedGroup = (): number => {
    if (added >= 0) return added;
    added = groups.length;
    groups.push({ stem: unique(ADDED_STEM), format: opts.format, gzip: opts.gzip, positions: [], source: '' });
    indexes[0]?.items.push({ group: added });
    return added;
  };
  const picked = opts.newRowsTo ? groups.findIndex((g) => g.stem === opts.newRowsTo) : -1;
  let bySegment: Map<string, number> | null = null;
  if (picked < 0 && opts.newRowsTo !== ADDED_STEM) {
    // The file holding most URLs of each first path segment.
    const tally = new Map<string, Map<number, number>>();
    groups.forEach((g, gi) => {
      for (const p of g.positions) {
        const seg = keyOfRow('section', rows, p);
        let t = tally.get(seg);
        if (!t) tally.set(seg, (t = new Map()));
        t.set(gi, (t.get(gi) ?? 0) + 1);
      }
    });
    bySegment = new Map();
    for (const [seg, t] of tally) {
      let best = -1;
      let most = 0;
      for (const [gi, n] of t)
        if (n > most) {
          most = n;
          best = gi;
        }
      bySegment.set(seg, best);
    }
  }
  const counts = new Map<number, number>();
  for (const p of strays) {
    const g = picked >= 0 ? picked : (bySegment?.get(keyOfRow('section', rows, p)) ?? addedGroup());
    (groups[g] as LayoutGroup).positions.push(p);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  for (const [g, n] of counts) {
    const group = groups[g] as LayoutGroup;
    notes.push(
      makeProblem(
        INDEX_CHILD_MISSING,
        `${n} URL${n === 1 ? '' : 's'} with no sitemap file of ${n === 1 ? 'its' : 'their'} own (added, pasted, or from a CSV or a feed) go${n === 1 ? 'es' : ''} to ${group.stem}.${group.format}${group.source === '' && indexes.length > 0 ? ', added to the index' : ''}.`,
        {},
        'info',
      ),
    );
  }
}

/** A child's path relative to its index's folder (`en/sitemap` for Hugo's /en/sitemap.xml), without extension. */
function childStem(loc: string, fileName: string, indexUrl: string | undefined): string {
  const url = childUrl(loc);
  if (url) {
    const u = new URL(url);
    let path = decodePath(u.pathname);
    const dir = indexUrl ? decodePath(new URL(indexUrl).pathname.replace(/[^/]*$/, '')) : '/';
    path = path.startsWith(dir) ? path.slice(dir.length) : path.replace(/^\/+/, '');
    const clean = path.replace(/^\/+/, '');
    if (clean !== '' && !clean.split('/').includes('..')) return stripSitemapExtension(clean);
  }
  return stripSitemapExtension(sourcePath(fileName));
}

function childUrl(loc: string): string | undefined {
  return absoluteUrlOf(loc.trim());
}

function decodePath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

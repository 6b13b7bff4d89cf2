import { indexBeforeLocs } from '../core/compare/before-locs';
import { diffItems, type DiffItem, type DiffValues } from '../core/compare/diff-items';
import { diffRows, type DiffCounts, type DiffField, type DiffKind } from '../core/compare/diff-rows';
import type { SitemapSet } from '../core/read/sitemap-set';
import { UsageError, parseArgs } from './args';
import { countSitemaps } from './check-command';
import { importSources } from './load-files';
import { plural } from './report';
import { formatNumber } from '../core/text/format';

export const DIFF_USAGE = 'diff BEFORE... -- AFTER... [--json] (files or URLs)';

/** Past this many lines per kind the rest is summarised; --json lists every one. */
const LINES_PER_KIND = 20;
const KINDS: readonly DiffKind[] = ['added', 'removed', 'changed'];

/** One side of the comparison in `diff --json`. */
export interface DiffSide {
  urls: number;
  sitemaps: number;
  /** Problems found while reading the files (run `check` for them). */
  readProblems: number;
  /** Entries repeating an earlier entry's loc: compared through the first. */
  repeats: number;
}

/** What `diff --json` prints: the shape scripts rely on. */
export interface DiffSummary {
  before: DiffSide;
  after: DiffSide;
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  /** Changed URLs per field. */
  fields: Record<DiffField, number>;
  /** Every difference: added, then removed, then changed, each in file order. */
  differences: Omit<DiffItem, 'rowId'>[];
}

/**
 * `diff`: compares the sitemaps before `--` (e.g. what is live) with those
 * after it (e.g. what is about to replace them) by loc. Exit 0 when they list
 * the same URLs with the same values, 1 when they differ (as diff(1) does).
 */
export function runDiff(args: readonly string[], out: (line: string) => void): number {
  const split = args.indexOf('--');
  if (split < 0) throw new UsageError('put -- between the before and the after files');
  const beforeArgs = parseArgs(args.slice(0, split), [], ['json']);
  const afterArgs = parseArgs(args.slice(split + 1), [], ['json']);
  if (beforeArgs.positional.length === 0) throw new UsageError('no before files given (the files before --)');
  if (afterArgs.positional.length === 0) throw new UsageError('no after files given (the files after --)');
  const json = beforeArgs.options.has('json') || afterArgs.options.has('json');

  const before = importSources(beforeArgs.positional);
  const after = importSources(afterArgs.positional);
  const diff = diffRows(indexBeforeLocs(before.rows), after.rows);
  const c = diff.counts;
  const items = (kind: DiffKind, limit: number) => diffItems(before.rows, after.rows, diff, kind, 0, limit);

  if (json) {
    const summary: DiffSummary = {
      before: side(before, c.beforeRepeats),
      after: side(after, c.afterRepeats),
      added: c.added,
      removed: c.removed,
      changed: c.changed,
      unchanged: c.unchanged,
      fields: { ...c.fields },
      // Row ids mean something only inside the editor.
      differences: KINDS.flatMap((kind) => items(kind, Infinity).map(({ rowId: _, ...rest }) => rest)),
    };
    out(JSON.stringify(summary));
  } else {
    for (const kind of KINDS) {
      for (const item of items(kind, LINES_PER_KIND)) out(formatItem(item));
      if (diff[kind].length > LINES_PER_KIND)
        out(`  ... and ${formatNumber(diff[kind].length - LINES_PER_KIND)} more ${kind}`);
    }
    for (const [name, set, repeats] of [
      ['before', before, c.beforeRepeats],
      ['after', after, c.afterRepeats],
    ] as const) {
      const notes = [];
      if (set.problems.length > 0)
        notes.push(`${plural(set.problems.length, 'problem')} while reading (run check for them)`);
      if (repeats > 0)
        notes.push(`${plural(repeats, 'repeated URL')}, compared by ${repeats === 1 ? 'its' : 'their'} first entry`);
      if (notes.length > 0) out(`note: ${name}: ${notes.join('; ')}`);
    }
    out(`${formatCounts(c)} (before: ${describe(before)}; after: ${describe(after)})`);
  }
  return c.added + c.removed + c.changed > 0 ? 1 : 0;
}

function side(set: SitemapSet, repeats: number): DiffSide {
  return { urls: set.rows.length, sitemaps: countSitemaps(set), readProblems: set.problems.length, repeats };
}

function describe(set: SitemapSet): string {
  return `${plural(set.rows.length, 'URL')} in ${plural(countSitemaps(set), 'sitemap')}`;
}

function formatCounts(c: DiffCounts): string {
  return `${formatNumber(c.added)} added, ${formatNumber(c.removed)} removed, ${formatNumber(c.changed)} changed, ${formatNumber(c.unchanged)} unchanged`;
}

const FIELD_NAME: Record<DiffField, string> = {
  lastmod: 'lastmod',
  changefreq: 'changefreq',
  priority: 'priority',
  ext: 'extensions',
};

/** "changed  https://…  lastmod 2024-01-01 → 2024-02-01, priority (none) → 0.8" */
export function formatItem(item: DiffItem): string {
  const head = `${item.kind.padEnd(8)} ${item.loc}`;
  if (item.kind !== 'changed' || !item.before || !item.after) return head;
  const b = item.before;
  const a = item.after;
  return `${head}  ${item.fields.map((f) => `${FIELD_NAME[f]} ${shown(b, f)} → ${shown(a, f)}`).join(', ')}`;
}

/** Extensions can run to kilobytes (dozens of hreflang alternates): a terminal line shows their start. */
const EXT_SHOWN = 160;

function shown(values: DiffValues, field: DiffField): string {
  const v = values[field];
  if (v === '') return '(none)';
  return field === 'ext' && v.length > EXT_SHOWN ? `${v.slice(0, EXT_SHOWN)}…` : v;
}

import type { UrlRows } from '../rows/rows';
import { fieldsOf, type DiffField, type DiffKind, type RowsDiff } from './diff-rows';
import { formatExt } from './ext-compare';

/** A URL's values on one side of a comparison; `ext` as {@link formatExt} writes it. */
export interface DiffValues {
  lastmod: string;
  changefreq: string;
  priority: string;
  ext: string;
}

/** One difference as an object: for the few a panel or a terminal shows at a time. */
export interface DiffItem {
  kind: DiffKind;
  loc: string;
  /** Fields that differ (changed URLs only; empty otherwise). */
  fields: DiffField[];
  /** Values in the before rows; null for an added URL. */
  before: DiffValues | null;
  /** Values in the current rows; null for a removed URL. */
  after: DiffValues | null;
  /** The current row's stable id; null for a removed URL. */
  rowId: number | null;
}

/**
 * Differences `start` to `end` (exclusive) of one kind, in row order (the
 * before rows' order for removed URLs), as objects.
 */
export function diffItems(
  before: UrlRows,
  after: UrlRows,
  diff: RowsDiff,
  kind: DiffKind,
  start: number,
  end: number,
): DiffItem[] {
  const list = diff[kind];
  const out: DiffItem[] = [];
  for (let k = Math.max(0, start); k < Math.min(end, list.length); k++) {
    const p = list[k] as number;
    if (kind === 'removed') {
      out.push({ kind, loc: before.loc.get(p), fields: [], before: valuesAt(before, p), after: null, rowId: null });
      continue;
    }
    const b = diff.match[p] as number;
    out.push({
      kind,
      loc: after.loc.get(p),
      fields: kind === 'changed' ? fieldsOf(diff.fields[p] as number) : [],
      before: b >= 0 ? valuesAt(before, b) : null,
      after: valuesAt(after, p),
      rowId: after.id[p] as number,
    });
  }
  return out;
}

/** The compared values of row `i`. */
function valuesAt(rows: UrlRows, i: number): DiffValues {
  return {
    lastmod: rows.lastmod.get(i),
    changefreq: rows.changefreq.get(i),
    priority: rows.priority.get(i),
    ext: formatExt(rows.ext[i]),
  };
}

/*
 * Duplicate rows (loc-duplicate) merged into one, never dropped with their
 * data: a page may carry many images and videos (Google's guidance, what
 * Yoast and Screaming Frog write), and a sitemap listing the page once per
 * video must keep every video when its copies are removed.
 */
import { lastmodTime } from '../rules/lastmod/lastmod-fixes';
import { isChangefreq } from '../rules/changefreq/changefreq-rules';
import { parseW3c, W3cStatus } from '../rules/lastmod/w3c-datetime';
import { priorityMask } from '../rules/priority/priority-rules';
import type { UrlRows } from '../rows/rows';
import type { ExtElement } from '../rows/types';
import { LIMITS } from '../rules/limits';
import { approxBytes, canonicalKey, extKind, inSchemaOrder, noExtCounts, type ExtCounts } from './ext-canonical';
import type { CellChange, ExtChange } from '../rows/changes';
import { formatNumber } from '../text/format';
import { pushAll } from '../base/push-all';

/**
 * Which copy gives the kept row its lastmod, changefreq and priority: the
 * first one, the one with the newest lastmod, or the one with the highest
 * priority (ties: the first of them). A field the winner leaves empty is
 * taken from the first copy with a valid value for it.
 */
export type MergeRule = 'first' | 'latest' | 'priority';

/** What Fix all and the CLI use; the Remove duplicates dialog lets the user choose. */
export const DEFAULT_MERGE_RULE: MergeRule = 'first';

/** The rule in words, for reports: "kept the first copy's values". */
export const MERGE_RULE_WORDS: Record<MergeRule, string> = {
  first: "the first copy's values",
  latest: 'the values of the copy with the newest lastmod',
  priority: 'the values of the copy with the highest priority',
};

type ValueField = 'lastmod' | 'changefreq' | 'priority';
const VALUE_FIELDS: readonly ValueField[] = ['lastmod', 'changefreq', 'priority'];

/** A row's values as the merge sees them: as held, or as fixes planned before it will leave them. */
export interface MergeSource {
  readonly length: number;
  id(i: number): number;
  loc(i: number): string;
  value(i: number, field: ValueField): string;
  ext(i: number): readonly ExtElement[] | undefined;
}

/** Two or more copies of one URL had different values of a field; `kept` won. */
interface MergeConflict {
  loc: string;
  field: ValueField;
  kept: string;
  /** The other values, distinct, in row order. */
  dropped: string[];
}

/** A copy left in place because merging it would break a limit. */
interface KeptApart {
  /** Its row id. */
  row: number;
  loc: string;
  reason: 'news' | 'bytes';
  message: string;
}

/** What a merge did, for the message shown after it. */
export interface MergeReport {
  rule: MergeRule;
  /** URLs that had copies merged into one row. */
  urls: number;
  /** Copies removed (merged into the row kept). */
  removed: number;
  /** Extension elements moved into the kept rows, by kind. */
  moved: ExtCounts;
  /** Elements of removed copies identical to one the kept row has: written once. */
  identical: number;
  /** Fields whose copies disagreed (exact count). */
  conflicts: number;
  /** The first {@link MAX_CONFLICT_EXAMPLES} of them. */
  conflictExamples: MergeConflict[];
  /** Copies not removed because merging them would break a limit (exact count). */
  keptApartTotal: number;
  /** The first {@link MAX_CONFLICT_EXAMPLES} of them, each with its reason. */
  keptApart: KeptApart[];
}

export interface MergePlan {
  /** Ids of the copies to remove. */
  removeRows: number[];
  /** Value changes of the kept rows (their before is the source's value). */
  changes: CellChange[];
  /** Extension lists of the kept rows, before and after the merge. */
  extChanges: ExtChange[];
  report: MergeReport;
}

export interface MergeOptions {
  rule?: MergeRule;
  /**
   * Most bytes one merged `<url>` may take: default the legacy profile's
   * file limit less room for the file's header, so the row fits a file
   * whichever limits the export uses.
   */
  maxRowBytes?: number;
}

export const MAX_CONFLICT_EXAMPLES = 20;
const HEADER_ROOM = 4096;

/** Google News reads one `<news:news>` per `<url>`. */
const MAX_NEWS_PER_URL = 1;

/**
 * Plans the merge of every group of rows sharing a loc among the rows at
 * `positions` (ascending), without changing anything: the first copy is
 * kept (its id and place), gets every other copy's extension elements that
 * it does not have already (identical ones once, by {@link canonicalKey}),
 * in schema order, and the values the rule picks; the other copies are
 * removed. A copy whose news entry differs from the one the kept row has,
 * or whose elements would make the row too big for a file, is not removed:
 * it is counted in `keptApartTotal` (the first ones listed). Empty locs are never duplicates.
 */
export function planMergeDuplicates(
  src: MergeSource,
  positions: ArrayLike<number>,
  opts: MergeOptions = {},
): MergePlan {
  const rule = opts.rule ?? 'first';
  const maxRowBytes = opts.maxRowBytes ?? LIMITS.legacy.maxBytes - HEADER_ROOM;
  // A URL seen once holds its position, not an array: a million distinct URLs cost no million arrays.
  const groups = new Map<string, number | number[]>();
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k] as number;
    const loc = src.loc(p);
    if (loc.trim() === '') continue;
    const g = groups.get(loc);
    if (g === undefined) groups.set(loc, p);
    else if (typeof g === 'number') groups.set(loc, [g, p]);
    else g.push(p);
  }
  const plan: MergePlan = {
    removeRows: [],
    changes: [],
    extChanges: [],
    report: {
      rule,
      urls: 0,
      removed: 0,
      moved: noExtCounts(),
      identical: 0,
      conflicts: 0,
      conflictExamples: [],
      keptApartTotal: 0,
      keptApart: [],
    },
  };
  const removed: number[] = [];
  for (const [loc, group] of groups)
    if (typeof group !== 'number') mergeGroup(src, loc, group, rule, maxRowBytes, plan, removed);
  // In row order, whatever the order of the groups.
  plan.removeRows = removed.sort((a, b) => a - b).map((p) => src.id(p));
  return plan;
}

function mergeGroup(
  src: MergeSource,
  loc: string,
  group: readonly number[],
  rule: MergeRule,
  maxRowBytes: number,
  plan: MergePlan,
  removed: number[],
): void {
  const report = plan.report;
  const head = group[0] as number;
  const before = src.ext(head);
  const merged: ExtElement[] = before ? [...before] : [];
  const keys = new Set(merged.map(canonicalKey));
  let bytes = merged.reduce((n, el) => n + approxBytes(el), 0);
  let news = merged.filter((el) => extKind(el) === 'news').length;
  const members = [head];
  const moved = noExtCounts();
  let identical = 0;
  for (let k = 1; k < group.length; k++) {
    const p = group[k] as number;
    const fresh: ExtElement[] = [];
    let same = 0;
    for (const el of src.ext(p) ?? []) {
      const key = canonicalKey(el);
      if (keys.has(key)) same++;
      else {
        keys.add(key);
        fresh.push(el);
      }
    }
    const freshNews = fresh.filter((el) => extKind(el) === 'news').length;
    const freshBytes = fresh.reduce((n, el) => n + approxBytes(el), 0);
    const apart =
      freshNews > 0 && news + freshNews > MAX_NEWS_PER_URL
        ? keptApart(
            src,
            p,
            loc,
            'news',
            `kept as its own row: its <news:news> differs from the one of the row kept, and Google News reads one per URL`,
          )
        : bytes + freshBytes > maxRowBytes
          ? keptApart(
              src,
              p,
              loc,
              'bytes',
              `kept as its own row: with its extension elements the merged <url> would take over ${formatNumber(maxRowBytes)} bytes, more than a sitemap file may hold`,
            )
          : null;
    if (apart) {
      // Its new elements stay with it: take them back out of the seen keys.
      for (const el of fresh) keys.delete(canonicalKey(el));
      if (report.keptApart.length < MAX_CONFLICT_EXAMPLES) report.keptApart.push(apart);
      report.keptApartTotal++;
      continue;
    }
    pushAll(merged, fresh);
    bytes += freshBytes;
    news += freshNews;
    identical += same;
    for (const el of fresh) moved[extKind(el)]++;
    members.push(p);
    removed.push(p);
  }
  if (members.length === 1) return;
  report.urls++;
  report.removed += members.length - 1;
  report.identical += identical;
  for (const kind of Object.keys(moved) as (keyof ExtCounts)[]) report.moved[kind] += moved[kind];
  const headId = src.id(head);
  if (merged.length > (before?.length ?? 0)) {
    plan.extChanges.push({ row: headId, before: before ? [...before] : undefined, after: inSchemaOrder(merged) });
  }
  const winner = winnerOf(src, members, rule);
  for (const field of VALUE_FIELDS) {
    const values = members.map((p) => src.value(p, field));
    let kept = src.value(winner, field);
    if (kept === '') kept = values.find((v) => usable(field, v)) ?? '';
    const dropped = [...new Set(values.filter((v) => v !== '' && v !== kept))];
    if (dropped.length > 0) {
      report.conflicts++;
      if (report.conflictExamples.length < MAX_CONFLICT_EXAMPLES)
        report.conflictExamples.push({ loc, field, kept, dropped });
    }
    const current = src.value(head, field);
    if (kept !== current) plan.changes.push({ row: headId, field, before: current, after: kept });
  }
}

function keptApart(src: MergeSource, p: number, loc: string, reason: KeptApart['reason'], message: string): KeptApart {
  return { row: src.id(p), loc, reason, message: `${loc}: a duplicate ${message}` };
}

/** The copy whose values the rule picks (the first on a tie). */
function winnerOf(src: MergeSource, members: readonly number[], rule: MergeRule): number {
  if (rule === 'first') return members[0] as number;
  const score =
    rule === 'latest'
      ? (p: number) => lastmodTime(src.value(p, 'lastmod'))
      : (p: number) => priorityOf(src.value(p, 'priority'));
  let best = members[0] as number;
  let bestScore = score(best);
  for (const p of members) {
    const s = score(p);
    if (s > bestScore) {
      best = p;
      bestScore = s;
    }
  }
  return best;
}

/** A value a kept row may take from a copy to fill its empty field: one its check accepts (never bring in an error). */
function usable(field: ValueField, v: string): boolean {
  if (v === '') return false;
  if (field === 'priority') return priorityMask(v) === 0;
  if (field === 'changefreq') return isChangefreq(v);
  const status = parseW3c(v);
  return status === W3cStatus.Ok || status === W3cStatus.NoZone;
}

/** A priority as a number for comparing: empty is the protocol's default 0.5; an invalid one loses to any valid one. */
function priorityOf(v: string): number {
  if (v.trim() === '') return 0.5;
  return priorityMask(v) === 0 ? Number(v) : -Infinity;
}

/**
 * The rows as a {@link MergeSource}: their values as held, or, given the
 * changes a fix plan makes before merging, as those will leave them (the
 * last change of a cell wins; `loc` overrides the locs by position).
 */
export function mergeSourceOf(
  rows: UrlRows,
  planned: { cells?: readonly CellChange[]; exts?: readonly ExtChange[]; loc?: ReadonlyMap<number, string> } = {},
): MergeSource {
  const cells = new Map<number, Partial<Record<ValueField, string>>>();
  for (const c of planned.cells ?? []) {
    if (c.field === 'loc') continue;
    let m = cells.get(c.row);
    if (!m) cells.set(c.row, (m = {}));
    m[c.field] = c.after;
  }
  const exts = new Map<number, ExtElement[] | undefined>();
  for (const c of planned.exts ?? []) exts.set(c.row, c.after);
  const loc = planned.loc;
  return {
    length: rows.length,
    id: (i) => rows.id[i] as number,
    loc: (i) => loc?.get(i) ?? rows.loc.get(i),
    value: (i, field) => cells.get(rows.id[i] as number)?.[field] ?? rows.columnOf(field).get(i),
    ext: (i) => {
      const id = rows.id[i] as number;
      return exts.has(id) ? exts.get(id) : rows.ext[i];
    },
  };
}

import type { CheckResult } from '../check/check-result';
import { ArenaDictColumn } from '../rows/arena-dict-column';
import type { UrlRows } from '../rows/rows';
import { widened, type UintArray } from '../rows/typed-arrays';
import { countProblem } from './tree-problems';
import type { PassOptions, RowBranches } from './tree-branches';

import { takeNewer } from './tree-newest';
import { LASTMOD_BIT } from '../rules/lastmod/lastmod-rules';
import {
  boundaryAt,
  branchAncestors,
  branchOf,
  hostLabel,
  NOT_ABSOLUTE_KEY,
  NOT_ABSOLUTE_LABEL,
  originLength,
  sameChars,
} from '../text/url-branches';
import { DEFAULT_TREE_LIMIT, type TreeChildren, type TreeNode } from './tree-node';
import { countMissing } from './tree-coverage';
import { newAcc, type BranchAcc } from './tree-acc';

/** What a level gathers per child while the rows go by. */
type Acc = BranchAcc<Level>;

/** One level being built: its children so far, and the child the previous row fell in. */
interface Level {
  key: string;
  top: boolean;
  acc: Map<string, Acc>;
  /** The children below a host by a hash of their segment, found without cutting the segment out. */
  bySegment: Map<number, Acc>;
  /** The child the previous row fell in, tried first; the top level compares its key, the others its segment. */
  lastKey: string;
  last: Acc | null;
  /** When the pass records which child each row falls in (see {@link RowBranches}): by row, the child's number; and the children so far. */
  rec: UintArray | null;
  count: number;
  /** The children the pass may still meet in the levels asked, when capped (see PassOptions.maxChildren); shared by them. */
  room: { left: number } | null;
}

const LASTMOD_UNUSABLE = LASTMOD_BIT.format | LASTMOD_BIT.invalid;

/**
 * The children of one branch of the structure tree (see {@link treeLevels},
 * which this asks for one level). `key` '' asks for the top level: the hosts
 * (scheme and authority as written) and the not-absolute bucket.
 */
export function treeChildren(
  rows: UrlRows,
  result: CheckResult,
  key: string,
  limit = DEFAULT_TREE_LIMIT,
): TreeChildren {
  return treeLevels(rows, result, [key], limit).get(key) as TreeChildren;
}

/**
 * The children of several branches of the structure tree at once, by one
 * pass over the rows whatever their number: the open levels of a tree are
 * refreshed after every change, and a pass per level cost 0.2–0.5 s each
 * at a million rows (Node, measured). Each row goes down from the top
 * through the levels asked for (and the branches on the way to them), so a
 * level that is not reachable costs nothing. A loc that ends at a branch
 * itself ('/blog', '/blog/', '/blog?p=2') counts in the branch but in none of
 * its children. The newest lastmod of a branch is the greatest as text among
 * the lastmods without a format or validity problem (the zone is ignored, a
 * day's precision is what the tree shows). Keys that are not branches
 * ({@link NOT_ABSOLUTE_KEY}, a key with no rows) get no children.
 */
export function treeLevels(
  rows: UrlRows,
  result: CheckResult,
  keys: readonly string[],
  limit = DEFAULT_TREE_LIMIT,
): Map<string, TreeChildren> {
  const pass = new TreeLevelsPass(rows, result, keys, limit);
  pass.step(Infinity);
  return pass.finish();
}

/**
 * {@link treeLevels} a slice of rows at a time, so that the worker can
 * answer what the user waits for between slices. The rows and check result
 * must not change between the first step and `finish` (start a new pass).
 */
export class TreeLevelsPass {
  private readonly levels = new Map<string, Level>();
  private readonly root: Level | undefined;
  private next = 0;
  /** The rows' children at a recorded level, and which of them this pass counts (see {@link PassOptions}). */
  private only: UintArray | null = null;
  private want: Uint8Array | null = null;
  private prefixes: string[] | null = null;
  private prefixLevels: Level[] = [];
  private readonly pageAt: Int32Array | null;
  /** The crawl's pages no row lists, until counted (at the first finish). */
  private missing: readonly string[] | null = null;

  constructor(
    private readonly rows: UrlRows,
    private readonly result: CheckResult,
    private readonly keys: readonly string[],
    private readonly limit = DEFAULT_TREE_LIMIT,
    opts: PassOptions = {},
  ) {
    for (const key of keys) {
      if (key === NOT_ABSOLUTE_KEY) continue;
      for (const k of [...branchAncestors(key), key]) {
        if (!this.levels.has(k))
          this.levels.set(k, {
            key: k,
            top: k === '',
            acc: new Map(),
            bySegment: new Map(),
            lastKey: '',
            last: null,
            rec: null,
            count: 0,
            room: null,
          });
      }
    }
    this.root = this.levels.get('');
    const coverage = opts.coverage?.pageAt.length === rows.length ? opts.coverage : null;
    this.pageAt = coverage?.pageAt ?? null;
    this.missing = coverage?.missing ?? null;
    if (opts.maxChildren !== undefined) {
      const room = { left: opts.maxChildren };
      for (const key of keys) {
        const level = this.levels.get(key);
        if (level) level.room = room;
      }
    }
    const recorded = opts.record === undefined ? undefined : this.levels.get(opts.record);
    if (recorded && !recorded.top) recorded.rec = new Uint8Array(rows.length);
    if (opts.only) {
      const { of, children } = opts.only;
      this.want = new Uint8Array(of.numbers.size + 1);
      for (const c of children) this.want[of.numbers.get(c) ?? 0] = 1;
      // Number 0 is the rows in none of the children: never wanted.
      this.want[0] = 0;
      this.only = of.rows;
    }
    // Below the top, a row outside every branch asked counts in no level answered: it is let go at its
    // prefix, and a row in one starts at that level (the shallowest first), not at the top.
    if (!recorded?.rec && !this.only && keys.every((k) => k !== '' && k !== NOT_ABSOLUTE_KEY)) {
      this.prefixes = [...new Set(keys)].sort((x, y) => x.length - y.length);
      this.prefixLevels = this.prefixes.map((k) => this.levels.get(k) as Level);
    }
  }

  /** The children each row fell in at the level the options asked to record, once every row is counted; null when none was. */
  branches(): RowBranches | null {
    for (const level of this.levels.values()) {
      if (level.rec === null || this.next < this.rows.length) continue;
      const numbers = new Map<string, number>();
      for (const [k, a] of level.acc) numbers.set(k, a.id);
      return { key: level.key, rows: level.rec, numbers };
    }
    return null;
  }

  /**
   * Whether the levels asked hold more children than the pass was allowed
   * to count (PassOptions.maxChildren): it stopped there, and its levels are
   * not whole.
   */
  overflowed = false;

  /** Goes through up to `count` more rows; true once every row is counted (or the pass overflowed). */
  step(count: number): boolean {
    const n = this.rows.length;
    if (this.root === undefined || this.overflowed) {
      this.next = n;
      return true;
    }
    const to = Math.min(n, this.next + count);
    const stopped = collect(
      this.rows,
      this.result,
      this.root,
      this.levels,
      this.next,
      to,
      this.only,
      this.want,
      this.prefixes,
      this.prefixLevels,
      this.pageAt,
    );
    if (stopped < to) {
      this.overflowed = true;
      this.next = n;
      return true;
    }
    this.next = to;
    return to === n;
  }

  /** The children of each key asked for. */
  finish(): Map<string, TreeChildren> {
    // Rows below the top start at the shallowest branch asked (prefixes), and so do the missing pages.
    if (this.missing !== null && this.root !== undefined)
      countMissing(this.prefixes ? this.prefixLevels : [this.root], this.missing);
    this.missing = null;
    const out = new Map<string, TreeChildren>();
    for (const key of this.keys) {
      const level = this.levels.get(key);
      out.set(
        key,
        level ? finish(level, this.limit, this.pageAt !== null) : { children: [], omitted: 0, omittedUrls: 0 },
      );
    }
    return out;
  }
}

/**
 * The pass itself. It reads the loc in its chunk (see StringColumn.rawText):
 * slicing a million locs was most of the cost. Sitemaps list a branch's URLs
 * together, so the child the previous row fell in is tried first; below the
 * hosts a child is otherwise found by a hash of its segment, and a string is
 * cut only for a child seen for the first time (or a host that changed).
 * Returns `to`, or the row at which a capped level met a child too many.
 */
function collect(
  rows: UrlRows,
  result: CheckResult,
  root: Level,
  levels: Map<string, Level>,
  from: number,
  to: number,
  only: UintArray | null,
  want: Uint8Array | null,
  prefixes: readonly string[] | null,
  prefixLevels: readonly Level[],
  pageAt: Int32Array | null,
): number {
  const locs = rows.loc;
  const lastmods = rows.lastmod;
  const dict = lastmods instanceof ArenaDictColumn ? lastmods : null;
  const codes = result.rowCodes;
  for (let i = from; i < to; i++) {
    if (only !== null && (want as Uint8Array)[only[i] as number] === 0) continue;
    const text = locs.rawText(i);
    const s = locs.rawStart(i);
    const e = locs.rawEnd(i);
    const inBranch = prefixes === null ? -1 : branchOf(text, s, e, prefixes);
    if (inBranch === -2) continue;
    const mask = codes[i] ?? 0;
    // The lastmod is read (in its chunk) only when it is one the newest can be.
    let ls = 0;
    let le = 0;
    let lm = '';
    // Its value number in a dictionary column (-2 in another): the newest's own number is no text to compare.
    let lc = -2;
    if ((mask & LASTMOD_UNUSABLE) === 0) {
      ls = lastmods.rawStart(i);
      le = lastmods.rawEnd(i);
      if (le > ls) {
        lm = lastmods.rawText(i);
        if (dict !== null) lc = dict.codeAt(i);
      }
    }
    const dated = le > ls;
    let level: Level | null = inBranch < 0 ? root : (prefixLevels[inBranch] as Level);
    while (level !== null) {
      let a: Acc | null = level.last;
      let end: number;
      if (level.top) {
        const lk = level.lastKey;
        if (
          a !== null &&
          e - s >= lk.length &&
          sameChars(text, s, lk, 0, lk.length) &&
          boundaryAt(text, s + lk.length, e)
        ) {
          end = lk.length;
        } else {
          const loc = text.slice(s, e);
          end = originLength(loc);
          const childKey = end === 0 ? NOT_ABSOLUTE_KEY : loc.slice(0, end);
          a = level.acc.get(childKey) ?? null;
          if (a === null) {
            if (level.room !== null && --level.room.left < 0) return i;
            a = newAcc(childKey, 0, childKey === NOT_ABSOLUTE_KEY ? null : (levels.get(childKey) ?? null));
            level.acc.set(childKey, a);
          }
          if (childKey === NOT_ABSOLUTE_KEY) {
            a.urls++;
            if (pageAt !== null && (pageAt[i] as number) < 0) a.notCrawled++;
            if (mask !== 0) countProblem(a, mask, result, i);
            if (dated && a.newestCode !== lc) takeNewer(a, lm, ls, le, lc);
            break;
          }
          level.lastKey = childKey;
          level.last = a;
        }
      } else {
        // The row lies in this branch (it came down from the parent): only
        // the next segment, after a '/', is read, and compared by its hash.
        const kl = level.key.length;
        const from = s + kl + 1;
        if (from > e || text.charCodeAt(from - 1) !== 47 /* / */) break;
        let to = from;
        let h = 0;
        for (; to < e; to++) {
          const c = text.charCodeAt(to);
          if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
          h = (Math.imul(h, 31) + c) & 0x3fffffff;
        }
        if (to === from) break;
        end = to - s;
        if (a === null || a.hash !== h || a.key.length !== end || !sameChars(text, from, a.key, kl + 1, end)) {
          a = level.bySegment.get(h) ?? null;
          while (a !== null && !(a.key.length === end && sameChars(text, from, a.key, kl + 1, end))) a = a.collision;
          if (a === null) {
            if (level.room !== null && --level.room.left < 0) return i;
            const childKey = text.slice(s, to);
            a = newAcc(childKey, h, levels.get(childKey) ?? null);
            a.collision = level.bySegment.get(h) ?? null;
            level.bySegment.set(h, a);
            level.acc.set(childKey, a);
            a.id = ++level.count;
            if (level.rec !== null) level.rec = widened(level.rec, a.id);
          }
          level.last = a;
        }
        if (level.rec !== null) level.rec[i] = a.id;
      }
      a.urls++;
      if (pageAt !== null && (pageAt[i] as number) < 0) a.notCrawled++;
      if (mask !== 0) countProblem(a, mask, result, i);
      if (a.page < 0) {
        const at = s + end;
        if (at === e || (at + 1 === e && text.charCodeAt(at) === 47) /* / */) a.page = i;
      }
      if (!a.hasChildren) {
        const at = s + end;
        if (at < e && text.charCodeAt(at) === 47 /* / */ && !boundaryAt(text, at + 1, e)) a.hasChildren = true;
      }
      if (dated && a.newestCode !== lc) takeNewer(a, lm, ls, le, lc);
      level = a.next;
    }
  }
  return to;
}

/** A level's children, largest first, cut to the limit; with coverage counts when the pass had a crawl's. */
function finish(level: Level, limit: number, coverage: boolean): TreeChildren {
  const all: TreeNode[] = [];
  for (const [k, a] of level.acc) {
    all.push({
      key: k,
      label: k === NOT_ABSOLUTE_KEY ? NOT_ABSOLUTE_LABEL : level.top ? hostLabel(k) : k.slice(k.lastIndexOf('/') + 1),
      urls: a.urls,
      problems: a.problems,
      errors: a.errors,
      warnings: a.warnings,
      newestLastmod: a.newest,
      hasChildren: a.hasChildren,
      page: a.page,
      ...(coverage ? { notCrawled: a.notCrawled, missing: a.missing } : {}),
    });
  }
  all.sort((x, y) => y.urls - x.urls || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  const children = all.slice(0, Math.max(0, limit));
  let omittedUrls = 0;
  for (let k = children.length; k < all.length; k++) omittedUrls += (all[k] as TreeNode).urls;
  return { children, omitted: all.length - children.length, omittedUrls };
}

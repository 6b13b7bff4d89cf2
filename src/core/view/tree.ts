import type { CheckResult } from '../check/check-set';
import type { UrlRows } from '../rows';

/**
 * The key of the branch holding every loc that is not an absolute URL
 * (relative, empty, unparsable). No absolute URL starts with ':', so the key
 * never collides with a real prefix; {@link locInBranch} knows it.
 */
export const NOT_ABSOLUTE_KEY = ':not-absolute';
export const NOT_ABSOLUTE_LABEL = '(not absolute)';

/** One branch of the structure tree: a host, a path segment, or the not-absolute bucket. */
export interface TreeNode {
  /** The loc prefix this branch stands for ('https://www.example.com/blog'), or {@link NOT_ABSOLUTE_KEY}. */
  key: string;
  /** What the tree shows: the host ('www.example.com'; the scheme when not https), or the segment ('blog'). */
  label: string;
  /** Rows at or under this branch. */
  urls: number;
  /** Of those, rows with at least one problem. */
  problems: number;
  /** The newest well-formed lastmod among them (as written); '' when none has one. */
  newestLastmod: string;
  /** Whether some row lies deeper than this branch. */
  hasChildren: boolean;
}

export interface TreeChildren {
  /** By URL count (descending), then label; at most the limit asked for. */
  children: TreeNode[];
  /** Branches left out by the limit, and the rows they hold. */
  omitted: number;
  omittedUrls: number;
}

/** Children sent per request: a flat site of a million pages must not send a million nodes. */
export const DEFAULT_TREE_LIMIT = 500;

/** scheme://authority at the start of a loc; the authority ends at '/', '?' or '#'. */
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/;

/**
 * A W3C Datetime lastmod, which sorts as text (most significant first; the
 * zone is ignored, a day's precision is what the tree shows). Anything else
 * ('2024/12/31' sorts after every real date) does not count as newest.
 */
const SORTABLE_LASTMOD = /^\d{4}(?:-\d{2}(?:-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** The length of the origin a loc starts with, or 0 when it is not absolute. */
function originLength(loc: string): number {
  const m = ORIGIN.exec(loc);
  return m ? m[0].length : 0;
}

function isBoundary(ch: string | undefined): boolean {
  return ch === undefined || ch === '/' || ch === '?' || ch === '#';
}

/**
 * Whether a loc lies in the branch of `prefix`: it starts with the prefix and
 * the next character ends a segment ('/', '?', '#' or the end), so
 * `/blog` holds `/blog/x` and `/blog?p=2` but not `/blogger`. '' holds every
 * loc; {@link NOT_ABSOLUTE_KEY} holds the locs that are not absolute.
 */
export function locInBranch(loc: string, prefix: string): boolean {
  if (prefix === '') return true;
  if (prefix === NOT_ABSOLUTE_KEY) return originLength(loc) === 0;
  return loc.startsWith(prefix) && isBoundary(loc[prefix.length]);
}

interface Acc {
  urls: number;
  problems: number;
  newest: string;
  hasChildren: boolean;
}

/**
 * The children of one branch of the structure tree, built by one pass over
 * the rows (a request per expanded branch; at a million rows that costs
 * about as much as a text filter). `key` '' asks for the top level: the hosts
 * (scheme and authority as written) and the not-absolute bucket.
 * A loc that ends at the branch itself ('/blog', '/blog/', '/blog?p=2')
 * counts in the branch but in none of its children.
 */
export function treeChildren(rows: UrlRows, result: CheckResult, key: string, limit = DEFAULT_TREE_LIMIT): TreeChildren {
  const n = rows.length;
  const acc = new Map<string, Acc>();
  const top = key === '';
  if (key === NOT_ABSOLUTE_KEY) return { children: [], omitted: 0, omittedUrls: 0 };
  // Sitemaps list a branch's URLs together, so most rows fall in the same
  // child as the row before: checking that first skips the parse and the map.
  let lastKey = '';
  let last: Acc | null = null;
  for (let i = 0; i < n; i++) {
    const loc = rows.loc.get(i);
    let childKey: string;
    let end: number;
    let a: Acc | undefined;
    if (last !== null && loc.startsWith(lastKey) && isBoundary(loc[lastKey.length])) {
      childKey = lastKey;
      end = lastKey.length;
      a = last;
    } else if (top) {
      end = originLength(loc);
      childKey = end === 0 ? NOT_ABSOLUTE_KEY : loc.slice(0, end);
    } else {
      if (!loc.startsWith(key) || !isBoundary(loc[key.length])) continue;
      // The next segment: after the '/' that follows the prefix.
      if (loc[key.length] !== '/') continue;
      end = segmentEnd(loc, key.length + 1);
      if (end === key.length + 1) continue;
      childKey = loc.slice(0, end);
    }
    if (!a) {
      a = acc.get(childKey);
      if (!a) {
        a = { urls: 0, problems: 0, newest: '', hasChildren: false };
        acc.set(childKey, a);
      }
      if (childKey !== NOT_ABSOLUTE_KEY) {
        lastKey = childKey;
        last = a;
      }
    }
    a.urls++;
    if ((result.rowCodes[i] ?? 0) !== 0) a.problems++;
    if (!a.hasChildren && childKey !== NOT_ABSOLUTE_KEY && loc[end] === '/' && !isBoundary(loc[end + 1])) a.hasChildren = true;
    const lastmod = rows.lastmod.get(i);
    if (lastmod !== '' && lastmod > a.newest && SORTABLE_LASTMOD.test(lastmod)) a.newest = lastmod;
  }
  const all: TreeNode[] = [];
  for (const [k, a] of acc) {
    all.push({
      key: k,
      label: k === NOT_ABSOLUTE_KEY ? NOT_ABSOLUTE_LABEL : top ? hostLabel(k) : k.slice(k.lastIndexOf('/') + 1),
      urls: a.urls,
      problems: a.problems,
      newestLastmod: a.newest,
      hasChildren: a.hasChildren,
    });
  }
  all.sort((x, y) => y.urls - x.urls || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  const children = all.slice(0, Math.max(0, limit));
  let omittedUrls = 0;
  for (let k = children.length; k < all.length; k++) omittedUrls += (all[k] as TreeNode).urls;
  return { children, omitted: all.length - children.length, omittedUrls };
}

/** A host as the tree shows it: https is the norm and goes unsaid; any other scheme stays. */
function hostLabel(origin: string): string {
  return /^https:\/\//i.test(origin) ? origin.slice('https://'.length) : origin;
}

/** Where the path segment starting at `from` ends: at '/', '?', '#' or the end. */
function segmentEnd(loc: string, from: number): number {
  let j = from;
  while (j < loc.length) {
    const c = loc.charCodeAt(j);
    if (c === 47 /* / */ || c === 63 /* ? */ || c === 35 /* # */) break;
    j++;
  }
  return j;
}

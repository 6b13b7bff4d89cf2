/*
 * A loc's branches in the tree of the site's URLs: its origin, then each
 * path segment ('https://a.example/blog/2024' lies in 'https://a.example'
 * and 'https://a.example/blog'). The structure view, the diagram, the filter
 * by branch and moving a branch all cut locs the same way.
 */

/**
 * The key of the branch holding every loc that is not an absolute URL
 * (relative, empty, unparsable). No absolute URL starts with ':', so the key
 * never collides with a real prefix; {@link locInBranch} knows it.
 */
export const NOT_ABSOLUTE_KEY = ':not-absolute';
export const NOT_ABSOLUTE_LABEL = '(not absolute)';

/** scheme://authority at the start of a loc; the authority ends at '/', '?' or '#'. */
const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/;

/** The length of the origin a loc starts with, or 0 when it is not absolute. */
export function originLength(loc: string): number {
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

/**
 * The branches above `key`, from the top: '' then the host, then each path
 * segment ('https://a.example/blog/2024' → '', 'https://a.example',
 * 'https://a.example/blog'); a '/' in the query or fragment cuts none. A key that
 * is no branch (not absolute) has '' alone.
 */
export function branchAncestors(key: string): string[] {
  if (key === '') return [];
  const out = [''];
  const origin = originLength(key);
  if (origin === 0) return out;
  // The path ends at '?' or '#': a '/' inside a query or fragment cuts no branch, as the tree cuts it.
  let pathEnd = key.length;
  for (let j = origin; j < key.length; j++) {
    const c = key.charCodeAt(j);
    if (c === 63 /* ? */ || c === 35 /* # */) {
      pathEnd = j;
      break;
    }
  }
  for (let j = key.indexOf('/', origin); j !== -1 && j < pathEnd; j = key.indexOf('/', j + 1))
    out.push(key.slice(0, j));
  return out;
}

/** Whether position `at` of a value ending at `end` ends a segment: '/', '?', '#' or the end. */
export function boundaryAt(text: string, at: number, end: number): boolean {
  if (at >= end) return true;
  const c = text.charCodeAt(at);
  return c === 47 /* / */ || c === 63 /* ? */ || c === 35; /* # */
}

/** A host as the tree shows it: https is the norm and goes unsaid; any other scheme stays. */
export function hostLabel(origin: string): string {
  return /^https:\/\//i.test(origin) ? origin.slice('https://'.length) : origin;
}

/** The first of the branches the loc at `s`..`e` of `text` lies in (see {@link locInBranch}; none is '' or the not-absolute key), or -2. */
export function branchOf(text: string, s: number, e: number, prefixes: readonly string[]): number {
  next: for (let j = 0; j < prefixes.length; j++) {
    const p = prefixes[j] as string;
    const n = p.length;
    if (e - s < n || !boundaryAt(text, s + n, e)) continue;
    // From the end: locs share their host, and differ first in the segments after it.
    for (let k = n - 1; k >= 0; k--) if (text.charCodeAt(s + k) !== p.charCodeAt(k)) continue next;
    return j;
  }
  return -2;
}

/** Whether `key` from `from` to `to` is written in `text` at `at` (the caller knows it fits). */
export function sameChars(text: string, at: number, key: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(at + k - from) !== key.charCodeAt(k)) return false;
  return true;
}

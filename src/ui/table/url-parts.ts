/** A loc cut where the table shortens it: the origin, the path up to its last segment, and the last segment (with query and fragment). */
export interface LocParts {
  /** `scheme://host[:port]`, or '' when the loc has none (a relative or broken URL). */
  origin: string;
  /** What comes between the origin and the last segment: shortened first when space runs out. */
  head: string;
  /** The last path segment with the query and fragment: what tells neighbouring URLs apart, never shortened. */
  tail: string;
}

const ORIGIN = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i;

/** Splits a loc as the table draws it; the three parts joined give the loc back. */
export function splitLoc(loc: string): LocParts {
  const origin = ORIGIN.exec(loc)?.[1] ?? '';
  const rest = loc.slice(origin.length);
  const q = rest.search(/[?#]/);
  const path = q < 0 ? rest : rest.slice(0, q);
  const suffix = q < 0 ? '' : rest.slice(q);
  // A trailing slash belongs to the last segment: `/blog/post/` ends in `post/`.
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const cut = trimmed.lastIndexOf('/') + 1;
  return { origin, head: path.slice(0, cut), tail: path.slice(cut) + suffix };
}

/** Characters a long last segment always shows at its end: a product id, a file type, a query's last value. */
export const TAIL_END_CHARS = 14;

/**
 * A last segment cut where the table may shorten it when it alone is wider
 * than the column: its start gives way (with an ellipsis), its last
 * {@link TAIL_END_CHARS} characters never do. A short segment is not cut.
 */
export function splitTail(tail: string): { start: string; end: string } {
  if (tail.length <= TAIL_END_CHARS * 2) return { start: '', end: tail };
  return { start: tail.slice(0, -TAIL_END_CHARS), end: tail.slice(-TAIL_END_CHARS) };
}

/** The origin every loc given shares, or null when they differ, one has none, or none is given. */
export function sharedOrigin(locs: Iterable<string>): string | null {
  let shared: string | null = null;
  for (const loc of locs) {
    const origin = ORIGIN.exec(loc)?.[1] ?? '';
    if (origin === '') return null;
    if (shared === null) shared = origin;
    else if (origin !== shared) return null;
  }
  return shared;
}

import { authorityEnd } from './loc-mask';
import { isUrlWhitespace } from '../../text/url-chars';
import { LocScanner } from './loc-scan';

/**
 * The location rule (sitemaps.org "Sitemap file location"): a sitemap may
 * list only URLs on its own scheme, host and port, under the directory it is
 * served from. Origins are compared normalised (lower-case scheme and host,
 * default port dropped), paths exactly.
 */
export interface AllowedScope {
  /** `https://example.com` or `https://example.com:8443`. */
  origin: string;
  /** Directory path, always ending with '/': `/` or `/catalog/`. */
  path: string;
  /** origin + path: a loc starting with it is allowed without further work. */
  prefix: string;
}

/**
 * The scope a Site URL allows, or null when it is not an http(s) URL. The
 * Site URL is where the sitemaps will be served. `https://example.com/catalog/`
 * and `https://example.com/catalog/sitemap.xml` allow `/catalog/…`; a last
 * segment without a dot (`https://example.com/catalog`) is taken as a
 * directory too, which is what a person typing it means.
 */
export function allowedScope(siteUrl: string): AllowedScope | null {
  let url: URL;
  try {
    url = new URL(siteUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  let path = url.pathname;
  if (!path.endsWith('/')) {
    const slash = path.lastIndexOf('/');
    const last = path.slice(slash + 1);
    path = last.includes('.') ? path.slice(0, slash + 1) : path + '/';
  }
  const origin = url.origin;
  return { origin, path, prefix: origin + path };
}

/**
 * The scope of a sitemap by the URL it was fetched from: the directory that
 * URL's file sits in. Unlike a Site URL, a file's URL always ends in a file,
 * whatever its last segment looks like: `https://example.com/sitemap` allows
 * the whole site, not `/sitemap/…`.
 */
export function fileScope(fileUrl: string): AllowedScope | null {
  if (!URL.canParse(fileUrl.trim())) return null;
  const url = new URL(fileUrl.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1) || '/';
  return { origin: url.origin, path, prefix: url.origin + path };
}

/** Start of the authority of an http(s) loc (after `//`), or -1. Skips leading white space. */
function authorityStart(loc: string): number {
  let i = 0;
  while (i < loc.length && isUrlWhitespace(loc.charCodeAt(i))) i++;
  const colon = loc.indexOf('://', i);
  return colon < 0 ? -1 : colon + 3;
}

/**
 * The normalised origin of an absolute http(s) loc, e.g. `https://example.com`
 * for `HTTPS://Example.COM:443/a`; null when it has none. Allocates: callers
 * use it only when the cheap prefix comparison failed.
 */
export function originOf(loc: string): string | null {
  const a = authorityStart(loc);
  if (a < 0) return null;
  const scheme = loc
    .slice(0, a - 3)
    .trim()
    .toLowerCase();
  let host = loc.slice(a, authorityEnd(loc, a));
  const at = host.lastIndexOf('@');
  if (at >= 0) host = host.slice(at + 1);
  host = host.toLowerCase();
  if ((scheme === 'https' && host.endsWith(':443')) || (scheme === 'http' && host.endsWith(':80'))) {
    host = host.slice(0, host.lastIndexOf(':'));
  }
  return scheme + '://' + host;
}

/** The path of an absolute http(s) loc ('/' when empty), without query or fragment. */
function pathOf(loc: string): string {
  const trimmed = loc.trim();
  const a = authorityStart(trimmed);
  if (a < 0) return '/';
  const start = authorityEnd(trimmed, a);
  let end = start;
  while (end < trimmed.length) {
    const c = trimmed.charCodeAt(end);
    if (c === 0x3f || c === 0x23) break;
    end++;
  }
  return start === end ? '/' : trimmed.slice(start, end);
}

/**
 * True when `loc` starts with `rawOrigin` and the origin ends there. The
 * common case (every loc written the same way) is answered by this test alone.
 */
export function hasRawOrigin(loc: string, rawOrigin: string): boolean {
  return hasRawOriginAt(loc, 0, loc.length, rawOrigin);
}

/** {@link hasRawOrigin} for the loc `text[start, end)`. */
function hasRawOriginAt(text: string, start: number, end: number, rawOrigin: string): boolean {
  const len = rawOrigin.length;
  if (end - start < len) return false;
  // The builtin compares the characters natively: a JS loop here was a twentieth of the check.
  if (!text.startsWith(rawOrigin, start)) return false;
  if (end - start === len) return true;
  const c = text.charCodeAt(start + len);
  return c === 0x2f || c === 0x3f || c === 0x23;
}

/** True when an origin that ends at `at` ends there indeed: the loc ends, or its path, query or fragment starts. */
function endsOrigin(text: string, at: number, end: number): boolean {
  if (at === end) return true;
  const c = text.charCodeAt(at);
  return c === 0x2f || c === 0x3f || c === 0x23;
}

/** The origin part of `loc` exactly as written (for the fast prefix test), or null. */
export function rawOriginOf(loc: string): string | null {
  const a = authorityStart(loc);
  return a < 0 ? null : loc.slice(0, authorityEnd(loc, a));
}

/** True when an absolute http(s) loc is inside the scope. */
export function isAllowed(loc: string, scope: AllowedScope): boolean {
  if (loc.startsWith(scope.prefix)) return true;
  if (originOf(loc) !== scope.origin) return false;
  return pathOf(loc).startsWith(scope.path) || pathOf(loc) + '/' === scope.path;
}

/**
 * Counts the origins of many locs. Runs of locs written with the same origin
 * prefix (the usual case) cost one `startsWith` each and no allocation.
 */
export class OriginTally {
  readonly counts = new Map<string, number>();
  private raw = '';
  private key = '';
  private run = 0;

  /**
   * @param chunk the chunk of the locs being tallied, as bytes (the origin is
   *   compared a word at a time); the check shares its own, so that each
   *   chunk is encoded once.
   */
  constructor(private readonly chunk = new LocScanner()) {}

  /**
   * {@link add} for a loc given as `text[start, end)` (a column's chunk), and
   * as a string when the caller has one: the common case compares the chunk
   * and never needs the string.
   */
  addRange(text: string, start: number, end: number, loc?: string): void {
    const raw = this.raw;
    if (this.run !== 0 && this.chunk.startsWith(text, start, end, raw) && endsOrigin(text, start + raw.length, end)) {
      this.run++;
      return;
    }
    this.add(loc ?? text.slice(start, end));
  }

  /**
   * The origin as written of the run being counted, '' when none: a loc
   * the caller found to start with it (and end it there, as
   * {@link addRange} tests) is counted by {@link hit}.
   */
  get rawOrigin(): string {
    return this.run !== 0 ? this.raw : '';
  }

  /** Counts one more loc on {@link rawOrigin} (the caller tested it: see LocScanner.onOrigin). */
  hit(): void {
    this.run++;
  }

  add(loc: string, by = 1): void {
    if (this.run !== 0 && hasRawOrigin(loc, this.raw)) {
      this.run += by;
      return;
    }
    this.flush();
    const raw = rawOriginOf(loc);
    const key = originOf(loc);
    if (raw === null || key === null) return;
    this.raw = raw;
    this.key = key;
    this.run = by;
  }

  /** Subtracts one loc (incremental re-check). */
  remove(loc: string): void {
    this.flush();
    const key = originOf(loc);
    if (key === null) return;
    const c = (this.counts.get(key) ?? 0) - 1;
    if (c > 0) this.counts.set(key, c);
    else this.counts.delete(key);
  }

  /**
   * The most common origin, or null when there is none. A tie goes to the
   * alphabetically first origin: the answer must not depend on the order of
   * edits, or an incremental re-check would disagree with a full one.
   */
  majority(): string | null {
    this.flush();
    return majorityOf(this.counts, (n) => n);
  }

  private flush(): void {
    if (this.run === 0) return;
    this.counts.set(this.key, (this.counts.get(this.key) ?? 0) + this.run);
    this.run = 0;
  }
}

/**
 * The key with the highest count (by `countOf`), or null when there is
 * none. A tie goes to the alphabetically first key: the answer must not
 * depend on the order rows came in, or an incremental re-check (or a stream)
 * would disagree with a full check.
 */
export function majorityOf<T>(entries: Iterable<[string, T]>, countOf: (value: T) => number): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const [key, value] of entries) {
    const count = countOf(value);
    if (count > bestCount || (count === bestCount && best !== null && key < best)) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

/** Tests "is this loc on the origin `origin`", fast for locs written like the first one that matched. */
export class OriginMatcher {
  private raw: string | null = null;
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  matches(loc: string): boolean {
    if (this.raw !== null && hasRawOrigin(loc, this.raw)) return true;
    if (originOf(loc) !== this.origin) return false;
    this.raw = rawOriginOf(loc);
    return true;
  }
}

import { LOC_BIT, LOC_TOO_LONG_ERROR_MARK, LOC_UNUSABLE } from './loc-rules';
import {
  escapedLengthOf,
  isAsciiAlpha,
  isAsciiDigit,
  isPercentEscape,
  isUnsafeAscii,
  isUrlWhitespace,
} from '../../text/url-chars';

/** Over this many characters once escaped a URL is rejected (sitemaps.org XSD maxLength). */
export const LOC_MAX_LENGTH = 2048;
/** Over this many characters Yandex ignores a URL: a warning. */
export const LOC_WARN_LENGTH = 1024;

/** A loc with no defect at all: see the fast path of {@link locMask}. */
const CLEAN_HTTP_LOC = /^https?:\/\/[A-Za-z0-9\-._~!$&'()*+,;=][A-Za-z0-9\-._~!$&'()*+,;=:/?]*$/;

/**
 * The rule bits of one loc's own defects (every loc rule except the
 * cross-row ones: loc-not-allowed and loc-duplicate). One pass over the
 * characters, no allocation; a clean `https://…` loc costs one table lookup
 * per character.
 */
export function locMask(loc: string): number {
  const n = loc.length;
  if (n === 0) return LOC_BIT.missing;
  // Nearly every loc: http(s), a host, then only characters that need no
  // escaping and no `%`, `#` or `@` (which need a closer look). The regular
  // expression engine scans it natively, several times faster than the loop.
  if (n <= LOC_WARN_LENGTH && CLEAN_HTTP_LOC.test(loc)) return 0;
  let start = 0;
  let end = n;
  // Trimming only when an end is not printable ASCII: V8 optimises this
  // function several times better without the trim loops on the hot path.
  const first = loc.charCodeAt(0);
  const last = loc.charCodeAt(n - 1);
  if (first <= 0x20 || first >= 0x7f || last <= 0x20 || last >= 0x7f) {
    start = trimStart(loc);
    // Nothing but white space: there is no URL to judge further.
    if (start === n) return LOC_BIT.missing;
    end = trimEnd(loc, start);
  }

  let m = start > 0 || end < n ? LOC_BIT.whitespace : 0;
  // Trimmed white space still counts: it is part of the value as written.
  let escaped = (start + n - end) * 3;
  let hash = false;
  for (let i = start; i < end; i++) {
    const c = loc.charCodeAt(i);
    if (c > 0x20 && c < 0x7f) {
      if (c === 0x25) {
        if (isPercentEscape(loc, i)) escaped += 1;
        else {
          m |= LOC_BIT.unescaped;
          escaped += 3;
        }
      } else if (isUnsafeAscii(c)) {
        m |= LOC_BIT.unescaped;
        escaped += 3;
      } else {
        escaped += 1;
        if (c === 0x23) hash = true;
      }
    } else if (isUrlWhitespace(c)) {
      m |= LOC_BIT.whitespace;
      escaped += escapedLengthOf(c);
    } else {
      m |= LOC_BIT.unescaped;
      escaped += escapedLengthOf(c);
    }
  }
  if (hash) m |= LOC_BIT.fragment;
  if (escaped > LOC_MAX_LENGTH) m |= LOC_BIT.tooLong | LOC_TOO_LONG_ERROR_MARK;
  else if (escaped > LOC_WARN_LENGTH) m |= LOC_BIT.tooLong;
  return m | schemeMask(loc, start, end);
}

/** Index of the first character that is not URL white space. */
function trimStart(s: string): number {
  let i = 0;
  while (i < s.length && isUrlWhitespace(s.charCodeAt(i))) i++;
  return i;
}

/** Index after the last character that is not URL white space (not before `start`). */
export function trimEnd(s: string, start = 0): number {
  let e = s.length;
  while (e > start && isUrlWhitespace(s.charCodeAt(e - 1))) e--;
  return e;
}

/**
 * loc-not-absolute or loc-scheme for the trimmed loc `loc[start, end)`.
 * `www.example.com:8080/a` and `localhost:3000/` look like a scheme to RFC
 * 3986 but are host names without one: they are reported as not absolute.
 */
function schemeMask(loc: string, start: number, end: number): number {
  // Fast path, nearly every loc: lower-case `http:` or `https:`.
  if (
    loc.charCodeAt(start) === 0x68 &&
    loc.charCodeAt(start + 1) === 0x74 &&
    loc.charCodeAt(start + 2) === 0x74 &&
    loc.charCodeAt(start + 3) === 0x70
  ) {
    const c4 = loc.charCodeAt(start + 4);
    if (c4 === 0x3a) return hostMask(loc, start + 4, end);
    if (c4 === 0x73 && loc.charCodeAt(start + 5) === 0x3a) return hostMask(loc, start + 5, end);
  }
  return otherSchemeMask(loc, start, end);
}

/** Any other start: a scheme in another case, another scheme, or none. */
function otherSchemeMask(loc: string, start: number, end: number): number {
  if (!isAsciiAlpha(loc.charCodeAt(start))) return LOC_BIT.notAbsolute;
  let i = start + 1;
  let dot = false;
  for (; i < end; i++) {
    const c = loc.charCodeAt(i);
    if (c === 0x2e) dot = true;
    else if (!(isAsciiAlpha(c) || isAsciiDigit(c) || c === 0x2b || c === 0x2d)) break;
  }
  if (i >= end || loc.charCodeAt(i) !== 0x3a) return LOC_BIT.notAbsolute;
  if (dot) return LOC_BIT.notAbsolute;
  const len = i - start;
  const http =
    (len === 4 || len === 5) &&
    startsWithHttp(loc, start) &&
    (len === 4 || (loc.charCodeAt(start + 4) | 0x20) === 0x73);
  if (!http) return isAsciiDigit(loc.charCodeAt(i + 1)) ? LOC_BIT.notAbsolute : LOC_BIT.scheme;
  return hostMask(loc, i, end);
}

/** After an http(s) scheme's `:` at `colon`: `//` and a non-empty host must follow. */
function hostMask(loc: string, colon: number, end: number): number {
  if (loc.charCodeAt(colon + 1) !== 0x2f || loc.charCodeAt(colon + 2) !== 0x2f) return LOC_BIT.notAbsolute;
  let hostStart = colon + 3;
  let j = hostStart;
  for (; j < end; j++) {
    const c = loc.charCodeAt(j);
    if (c === 0x2f || c === 0x3f || c === 0x23) break;
    if (c === 0x40) hostStart = j + 1;
  }
  // `https://:80/`, `https:///a` or `https://user@/` have no host.
  if (hostStart === j || loc.charCodeAt(hostStart) === 0x3a) return LOC_BIT.notAbsolute;
  return 0;
}

function startsWithHttp(s: string, at: number): boolean {
  return (
    (s.charCodeAt(at) | 0x20) === 0x68 &&
    (s.charCodeAt(at + 1) | 0x20) === 0x74 &&
    (s.charCodeAt(at + 2) | 0x20) === 0x74 &&
    (s.charCodeAt(at + 3) | 0x20) === 0x70
  );
}

/** End of the authority (user@host:port) that starts at `from`: the first `/`, `?` or `#`. */
export function authorityEnd(s: string, from: number, end = s.length): number {
  for (let j = from; j < end; j++) {
    const c = s.charCodeAt(j);
    if (c === 0x2f || c === 0x3f || c === 0x23) return j;
  }
  return end;
}

/** The scheme of `loc` (lower-case, without ':') or '' when it has none. For messages. */
export function schemeOf(loc: string): string {
  const m = /^\s*([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(loc);
  return m?.[1] ? m[1].toLowerCase() : '';
}

/** Length of `loc` once percent-encoded, the measure of loc-too-long. */
export function escapedLength(loc: string): number {
  let len = 0;
  for (let i = 0; i < loc.length; i++) {
    const c = loc.charCodeAt(i);
    if (c > 0x20 && c < 0x7f && !isUnsafeAscii(c) && (c !== 0x25 || isPercentEscape(loc, i))) len += 1;
    else len += escapedLengthOf(c);
  }
  return len;
}

/** True when `url` is not an absolute http(s) URL with a host (missing, relative, another scheme). */
export function isUnusableUrl(url: string): boolean {
  return (locMask(url) & LOC_UNUSABLE) !== 0;
}

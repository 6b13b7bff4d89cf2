/**
 * Character classes for URLs (RFC 3986), as lookups on char codes: the
 * checker scans millions of locs and a table beats a regular expression.
 */

/** `"<>\^`{|}`: printable ASCII that RFC 3986 never allows unencoded. */
const UNSAFE_ASCII = new Uint8Array(128);
for (const ch of '"<>\\^`{|}') UNSAFE_ASCII[ch.charCodeAt(0)] = 1;

const HEX = new Uint8Array(128);
for (const ch of '0123456789abcdefABCDEF') HEX[ch.charCodeAt(0)] = 1;

/** True for a printable ASCII character that must be percent-encoded in a URL. */
export function isUnsafeAscii(c: number): boolean {
  return c < 128 && UNSAFE_ASCII[c] === 1;
}

function isHexDigit(c: number): boolean {
  return c < 128 && HEX[c] === 1;
}

/**
 * White space or a control character, ASCII or not: C0/C1 controls, DEL,
 * space, no-break space and the Unicode spaces a copy from a word processor
 * brings along (U+2000–U+200B, U+2028/9, U+3000, BOM). These are reported as
 * loc-whitespace rather than loc-unescaped because that is what the user sees.
 */
export function isUrlWhitespace(c: number): boolean {
  if (c <= 0x20 || c === 0x7f) return true;
  if (c < 0x80) return false;
  return (
    c <= 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `%` followed by two hex digits at `i` (an existing escape, not to be re-encoded). */
export function isPercentEscape(s: string, i: number): boolean {
  return s.charCodeAt(i) === 0x25 && isHexDigit(s.charCodeAt(i + 1)) && isHexDigit(s.charCodeAt(i + 2));
}

export function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

export function isAsciiDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Bytes a UTF-16 code unit becomes once percent-encoded as UTF-8 (a surrogate pair counts 12 on its high half). */
export function escapedLengthOf(c: number): number {
  if (c < 0x80) return 3;
  if (c < 0x800) return 6;
  if (c >= 0xd800 && c <= 0xdbff) return 12;
  if (c >= 0xdc00 && c <= 0xdfff) return 0;
  return 9;
}

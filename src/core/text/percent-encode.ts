import { isPercentEscape, isUnsafeAscii, isUrlWhitespace } from './url-chars';

const utf8 = new TextEncoder();
const HEX = '0123456789ABCDEF';

/** `ch` (one code point) as percent-encoded UTF-8 bytes: `ü` → `%C3%BC`. */
export function percentEncode(ch: string): string {
  let out = '';
  for (const byte of utf8.encode(ch)) out += '%' + HEX[byte >> 4] + HEX[byte & 15];
  return out;
}

/** What {@link encodeUrlChars} encodes. */
export interface EncodeWhat {
  /** White space and control characters (loc-whitespace). */
  whitespace: boolean;
  /** Non-ASCII characters, unsafe ASCII and a `%` that starts no escape (loc-unescaped). */
  unsafe: boolean;
}

/**
 * Percent-encodes the chosen kinds of characters of `s`, leaving existing
 * `%XX` escapes alone so nothing is encoded twice. Returns null for a lone
 * surrogate, which has no UTF-8 form (encoding it would change the URL).
 */
export function encodeUrlChars(s: string, what: EncodeWhat): string | null {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let width = 1;
    let encode: boolean;
    if (c > 0x20 && c < 0x7f) {
      encode = what.unsafe && (isUnsafeAscii(c) || (c === 0x25 && !isPercentEscape(s, i)));
    } else if (isUrlWhitespace(c)) {
      encode = what.whitespace;
    } else {
      encode = what.unsafe;
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = s.charCodeAt(i + 1);
        if (!(d >= 0xdc00 && d <= 0xdfff)) return null;
        width = 2;
      } else if (c >= 0xdc00 && c <= 0xdfff) return null;
    }
    if (encode) {
      out += s.slice(from, i) + percentEncode(s.slice(i, i + width));
      from = i + width;
    }
    i += width - 1;
  }
  return from === 0 ? s : out + s.slice(from);
}

/*
 * What every file we write for a server (a redirect map, robots.txt lines)
 * needs of a value: no character that ends a line or hides in one, and a way
 * to show a refused value in a comment without the comment becoming code.
 */

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators: each ends a line somewhere, or shows as nothing. */
export const CONTROL_CHAR = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** An absolute http(s) URL with a host: what a server rule may point at or match. */
export const ABSOLUTE_HTTP = /^https?:\/\/[^/?#\s\\]+(?:[/?#]|$)/i;

const utf8 = new TextEncoder();

/** `s` with every character `which` matches percent-encoded as UTF-8. */
export function percentEncodeWhere(s: string, which: RegExp): string {
  let out = '';
  for (const ch of s) {
    if (!which.test(ch)) out += ch;
    else for (const b of utf8.encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Anything but printable ASCII: space, controls, every non-ASCII character. */
const OUTSIDE_ASCII = /[^\x21-\x7e]/u;

/** `s` with every character outside printable ASCII percent-encoded as UTF-8: the form a browser sends in a request line. */
export function percentEncodeOutsideAscii(s: string): string {
  return percentEncodeWhere(s, OUTSIDE_ASCII);
}

/**
 * A value as a comment line may show it: one line of printable ASCII with
 * no backslash (Apache joins a line that ends in one to the next).
 */
export function commentSafe(s: string): string {
  return percentEncodeWhere(s, /[^\x21-\x5b\x5d-\x7e]/u);
}

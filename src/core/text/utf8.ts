/** Any code unit that is not ASCII. */
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The number of bytes `s` takes in UTF-8, without encoding it. Almost every
 * sitemap value is ASCII, where bytes equal length: a native regex test
 * settles that case without a JS loop. Lone surrogates count 3 bytes (U+FFFD,
 * as TextEncoder writes them); the writers never emit any.
 */
export function utf8Length(s: string): number {
  if (!NON_ASCII.test(s)) return s.length;
  let bytes = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Locs on both sides of every test of the clean-loc path, for the tests of
 * the in-memory scan (loc-bytes.ts) and the streaming scan
 * (stream/loc-scan.ts), with the regular expression both must agree with
 * (loc.ts's CLEAN_HTTP_LOC). Not used by the app.
 */

export const CLEAN_HTTP_LOC = /^https?:\/\/[A-Za-z0-9\-._~!$&'()*+,;=][A-Za-z0-9\-._~!$&'()*+,;=:/?]*$/;

/** ASCII locs, then a few that are not (the in-memory scan reads ASCII chunks only). */
export const CLEAN_LOC_CASES: readonly string[] = [
  'https://shop.example.com/category-17/product-123456?color=red&size=m',
  'http://a.example/',
  'http://a',
  'https://a',
  'http://',
  'https://',
  'https:/a.example/',
  'http:///a',
  'https://:80/',
  'https://?q',
  'https://a.example/a b',
  'https://a.example/%20',
  'https://a.example/#top',
  'https://user@a.example/',
  'https://a.example/[x]',
  'https://a.example/"q"',
  'https://a.example/\\',
  'https://a.example/{x}|^`',
  'HTTPS://a.example/',
  'ftp://a.example/',
  'httpx://a.example/',
  ' https://a.example/',
  'https://a.example/\t',
  'https://a.example/' + 'x'.repeat(1024 - 18),
  'https://a.example/' + 'x'.repeat(1024 - 17),
  '',
  'h',
  "https://a.example/~!$&'()*+,;=:/?._-",
  'https://a.example/café',
  'https://a.example/\u{1F600}',
];

/** The ASCII ones alone. */
export const ASCII_CLEAN_LOC_CASES: readonly string[] = CLEAN_LOC_CASES.filter((l) => /^[\0-\x7f]*$/.test(l));

/**
 * The byte tables of the clean-loc test that the in-memory check
 * (loc-bytes.ts) and the streaming check (stream/loc-scan.ts) both run a
 * word at a time. Each scanner builds its own tables from these at load:
 * through tsx an imported binding is a getter call per use, too dear in
 * their loops.
 */

/** The bytes a clean loc may hold after its scheme (loc.ts's CLEAN_HTTP_LOC). */
const CLEAN_LOC_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:/?";

/** 0 for each byte a clean loc may hold after its scheme, 1 for every other byte. */
export function notCleanBytes(): Uint8Array {
  const table = new Uint8Array(256).fill(1);
  for (const c of CLEAN_LOC_CHARS) table[c.charCodeAt(0)] = 0;
  return table;
}

/**
 * `table` of two bytes at once (a pair read little-endian): a word loaded
 * for the hash is tested with two look-ups instead of four loads and four
 * look-ups (measured: the byte table took half the scan).
 */
export function pairsOf(table: Uint8Array): Uint8Array {
  const pairs = new Uint8Array(65536);
  for (let p = 0; p < 65536; p++) pairs[p] = (table[p & 0xff] as number) | (table[p >>> 8] as number);
  return pairs;
}

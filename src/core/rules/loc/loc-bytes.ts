/**
 * One pass over an ASCII loc's bytes for the check: its hash (the same as
 * hash.ts's `hashAsciiBytes`) and whether it is a clean `http(s)://` loc,
 * the test `locMask` makes first with a regular expression. Reading the
 * bytes once for both spares the check a string and a regular expression
 * per loc.
 */
import { notCleanBytes, pairsOf } from './clean-loc-bytes';

// Local copies of hash.ts's constants: through tsx an imported constant is a getter call per use.
const SEED = 0x811c9dc5 | 0;
const PRIME = 0x01000193;
const MIX = 0x2c1b3c6d;
/** "http" read little-endian. */
const HTTP = 0x70747468;
/** "s://" read little-endian. */
const S_SLASHES = 0x2f2f3a73;
/** "aaaa" read little-endian: clean bytes to fill a last partial word with. */
const FILLER = 0x61616161;
/** Over this many characters a loc is not clean (loc.ts's LOC_WARN_LENGTH). */
const CLEAN_MAX = 1024;

/** 0 for the bytes a clean loc may hold after its scheme, 1 for every other byte (clean-loc-bytes.ts). */
const NOT_CLEAN = notCleanBytes();
/** {@link NOT_CLEAN} of two bytes at once (a pair read little-endian). */
const NOT_CLEAN_PAIR = pairsOf(NOT_CLEAN);

/** What {@link scanAsciiLoc} found besides the hash: one shared record, nothing allocated per loc. */
export const SCANNED = { clean: false, onOrigin: false };

const NO_WORDS = new Int32Array(0);
const NO_BYTES = new Uint8Array(0);

/**
 * The hash of the ASCII bytes `bytes[start, end)` (`view` over the same
 * buffer), equal to `hashAsciiBytes` and `hashRange` of the same text, and
 * in {@link SCANNED}.clean whether they match `^https?:\/\/[host start][clean]*$`
 * with at most 1,024 characters: exactly when `locMask` takes its fast path.
 * Given an origin as written (`originBytes`, `originWords` its whole words
 * read little-endian), {@link SCANNED}.onOrigin tells whether the loc starts
 * with it and the origin ends there (the loc ends, or `/`, `?` or `#`
 * follows): the origin tally's test, a word at a time on bytes already at hand.
 */
export function scanAsciiLoc(
  view: DataView,
  bytes: Uint8Array,
  start: number,
  end: number,
  originWords: Int32Array = NO_WORDS,
  originBytes: Uint8Array = NO_BYTES,
): number {
  let h = SEED;
  let bad = 0;
  let i = start;
  const len = end - start;
  const olen = originBytes.length;
  // Nonzero: not on the origin (no origin given, too short, or a byte differs). Compared apart from
  // the hash's loop: folded into its first words, the split loop measured slower than this one.
  let off = olen === 0 || len < olen ? 1 : 0;
  if (off === 0) {
    for (let k = 0; k < originWords.length; k++)
      off |= view.getInt32(start + (k << 2), true) ^ (originWords[k] as number);
    for (let j = originWords.length << 2; j < olen; j++)
      off |= (bytes[start + j] as number) ^ (originBytes[j] as number);
    if (len > olen) {
      const c = bytes[start + olen];
      if (c !== 0x2f && c !== 0x3f && c !== 0x23) off = 1;
    }
  }
  for (; i + 4 <= end; i += 4) {
    const w = view.getInt32(i, true);
    h = Math.imul(h ^ w, PRIME);
    bad |= (NOT_CLEAN_PAIR[w & 0xffff] as number) | (NOT_CLEAN_PAIR[w >>> 16] as number);
  }
  if (i < end && i + 4 <= bytes.length) {
    // The last one to three bytes as one word, the bytes past the loc masked off: for the hash zeros
    // (the word the byte loop below builds), for the clean test a clean letter.
    const mask = (1 << ((end - i) << 3)) - 1;
    const w = view.getInt32(i, true) & mask;
    h = Math.imul(h ^ w, PRIME);
    const c = w | (FILLER & ~mask);
    bad |= (NOT_CLEAN_PAIR[c & 0xffff] as number) | (NOT_CLEAN_PAIR[c >>> 16] as number);
  } else if (i < end) {
    let w = 0;
    for (let shift = 0; i < end; i++, shift += 8) {
      const c = bytes[i] as number;
      w = (w + (c << shift)) | 0;
      bad |= NOT_CLEAN[c] as number;
    }
    h = Math.imul(h ^ w, PRIME);
  }
  SCANNED.clean = bad === 0 && len <= CLEAN_MAX && cleanStart(view, bytes, start, len);
  SCANNED.onOrigin = off === 0;
  h = Math.imul(h ^ len, MIX);
  h ^= h >>> 15;
  h = Math.imul(h, MIX);
  return h ^ (h >>> 13);
}

/** `http://` or `https://` then a first host byte that is not `:`, `/` or `?` (the rest was proved clean). */
function cleanStart(view: DataView, bytes: Uint8Array, start: number, len: number): boolean {
  if (len < 8 || view.getInt32(start, true) !== HTTP) return false;
  let host: number;
  if (len >= 9 && view.getInt32(start + 4, true) === S_SLASHES) host = start + 8;
  else if (bytes[start + 4] === 0x3a && bytes[start + 5] === 0x2f && bytes[start + 6] === 0x2f) host = start + 7;
  else return false;
  const c = bytes[host];
  return c !== 0x3a && c !== 0x2f && c !== 0x3f;
}

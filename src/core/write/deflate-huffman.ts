/*
 * Huffman code lengths and canonical codes for a deflate block (RFC 1951
 * §3.2.2): minimum-redundancy lengths from symbol counts (Moffat and
 * Katajainen's in-place method, as miniz does it), limited to deflate's
 * maximum by moving leaves down until the Kraft sum is exact, so every code
 * is complete and any inflater accepts it.
 */

/**
 * Code lengths (0 for an unused symbol) for symbols counted `freq`, none
 * longer than `maxBits`. At least two symbols get a length whenever the
 * alphabet has two: a one-code tree is incomplete, which some inflaters refuse.
 */
export function codeLengths(freq: ArrayLike<number>, maxBits: number): Uint8Array {
  const n = freq.length;
  const lengths = new Uint8Array(n);
  const syms: number[] = [];
  for (let s = 0; s < n; s++) if ((freq[s] as number) > 0) syms.push(s);
  // Pad to two symbols with the lowest unused ones (count 0 sorts them first).
  for (let s = 0; syms.length < 2 && s < n; s++) if ((freq[s] as number) === 0) syms.push(s);
  if (syms.length < 2) {
    if (syms.length === 1) lengths[syms[0] as number] = 1;
    return lengths;
  }
  syms.sort((a, b) => (freq[a] as number) - (freq[b] as number) || a - b);
  const m = syms.length;
  const key = new Float64Array(m);
  for (let i = 0; i < m; i++) key[i] = freq[syms[i] as number] as number;
  minimumRedundancy(key, m);
  // key[i] is now the depth of the i-th least frequent symbol; count them per depth.
  const count = new Uint32Array(Math.max(maxBits, m) + 1);
  for (let i = 0; i < m; i++) count[key[i] as number] = (count[key[i] as number] as number) + 1;
  limitLengths(count, maxBits);
  // The most frequent symbols take the shortest codes.
  let j = m;
  for (let len = 1; len <= maxBits; len++)
    for (let c = count[len] as number; c > 0; c--) lengths[syms[--j] as number] = len;
  return lengths;
}

/**
 * Deflate's canonical codes for `lengths`, each bit-reversed so that it can
 * be written least significant bit first, as deflate's bit order requires.
 */
export function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const maxLen = lengths.reduce((a, b) => Math.max(a, b), 0);
  const blCount = new Uint16Array(maxLen + 1);
  for (const len of lengths) if (len > 0) blCount[len] = (blCount[len] as number) + 1;
  const next = new Uint16Array(maxLen + 2);
  let code = 0;
  for (let bits = 1; bits <= maxLen; bits++) {
    code = (code + (blCount[bits - 1] as number)) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const len = lengths[s] as number;
    if (len === 0) continue;
    const c = next[len] as number;
    next[len] = c + 1;
    let r = 0;
    for (let b = 0; b < len; b++) r |= ((c >>> b) & 1) << (len - 1 - b);
    codes[s] = r;
  }
  return codes;
}

/**
 * In place: `a` holds m counts in ascending order; afterwards a[i] is the
 * code length of the i-th symbol of an optimal (unlimited) prefix code.
 */
function minimumRedundancy(a: Float64Array, m: number): void {
  a[0] = (a[0] as number) + (a[1] as number);
  let root = 0;
  let leaf = 2;
  for (let next = 1; next < m - 1; next++) {
    if (leaf >= m || (a[root] as number) < (a[leaf] as number)) {
      a[next] = a[root] as number;
      a[root++] = next;
    } else a[next] = a[leaf++] as number;
    if (leaf >= m || (root < next && (a[root] as number) < (a[leaf] as number))) {
      a[next] = (a[next] as number) + (a[root] as number);
      a[root++] = next;
    } else a[next] = (a[next] as number) + (a[leaf++] as number);
  }
  a[m - 2] = 0;
  for (let next = m - 3; next >= 0; next--) a[next] = (a[a[next] as number] as number) + 1;
  let avail = 1;
  let used = 0;
  let depth = 0;
  root = m - 2;
  let next = m - 1;
  while (avail > 0) {
    while (root >= 0 && a[root] === depth) {
      used++;
      root--;
    }
    while (avail > used) {
      a[next--] = depth;
      avail--;
    }
    avail = 2 * used;
    depth++;
    used = 0;
  }
}

/** Folds every length past `maxBits` into it, then splits shorter leaves until the code is complete again. */
function limitLengths(count: Uint32Array, maxBits: number): void {
  for (let len = maxBits + 1; len < count.length; len++) {
    count[maxBits] = (count[maxBits] as number) + (count[len] as number);
    count[len] = 0;
  }
  let total = 0;
  for (let len = maxBits; len > 0; len--) total += (count[len] as number) * 2 ** (maxBits - len);
  while (total !== 2 ** maxBits) {
    count[maxBits] = (count[maxBits] as number) - 1;
    for (let len = maxBits - 1; len > 0; len--) {
      if ((count[len] as number) > 0) {
        count[len] = (count[len] as number) - 1;
        count[len + 1] = (count[len + 1] as number) + 2;
        break;
      }
    }
    total--;
  }
}

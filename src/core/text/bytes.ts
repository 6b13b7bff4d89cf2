/**
 * The first `total` bytes of `parts` as one array (all of them when `total`
 * is left out). A single part of exactly that length is returned as is, not
 * copied: the callers hand over pieces they no longer change.
 */
export function concatBytes(parts: readonly Uint8Array[], total = parts.reduce((n, p) => n + p.length, 0)): Uint8Array {
  const only = parts[0];
  if (parts.length === 1 && only !== undefined && only.length === total) return only;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    const n = Math.min(p.length, total - at);
    out.set(n === p.length ? p : p.subarray(0, n), at);
    at += n;
    if (at >= total) break;
  }
  return out;
}

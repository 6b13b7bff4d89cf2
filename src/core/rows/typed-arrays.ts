/* Typed-array steps of the columnar stores (arena-column.ts, rows.ts, …): growing, trimming, removing and inserting positions. */

/** Removes the ascending `positions` from the first `length` items of `a`; returns the new length. */
export function compact(
  a: Uint8Array | Uint16Array | Uint32Array,
  length: number,
  positions: readonly number[],
): number {
  let out = 0;
  let k = 0;
  for (let i = 0; i < length; i++) {
    if (k < positions.length && positions[k] === i) {
      k++;
      continue;
    }
    a[out++] = a[i] as number;
  }
  return out;
}

/**
 * Opens gaps at the ascending final `positions` in the first `length` items of
 * `a` (which must have room for `length + positions.length`), moving the items
 * after each gap up: the inverse of {@link compact}. The gaps keep stale values.
 */
export function spread(
  a: Uint8Array | Uint16Array | Uint32Array,
  length: number,
  positions: readonly number[],
): number {
  const n = length + positions.length;
  let src = length - 1;
  let k = positions.length - 1;
  for (let out = n - 1; out >= 0 && src >= 0; out--) {
    if (k >= 0 && positions[k] === out) {
      k--;
      continue;
    }
    a[out] = a[src--] as number;
  }
  return n;
}

/** Validates an insertion (positions strictly ascending, within the new length); returns the new length. */
export function checkInsert(
  length: number,
  positions: readonly number[],
  values?: { readonly length: number },
): number {
  const n = length + positions.length;
  if (values && values.length !== positions.length) throw new RangeError('insertAt: one value per position');
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k] as number;
    if (!Number.isInteger(p) || p < 0 || p >= n || (k > 0 && p <= (positions[k - 1] as number))) {
      throw new RangeError(`insertAt: position ${p} is not ascending within 0..${n - 1}`);
    }
  }
  return n;
}

/** An unsigned column as narrow as its values allow (see {@link widened}). */
export type UintArray = Uint8Array | Uint16Array | Uint32Array;

/** The largest value `a` can hold. */
export function maxOf(a: UintArray): number {
  return 2 ** (8 * a.BYTES_PER_ELEMENT) - 1;
}

/**
 * `a`, or a copy of it (same capacity) in a type wide enough for `value`.
 * Line, column and file numbers and dictionary codes are small in nearly
 * every sitemap: one or two bytes a row instead of four, at a million rows
 * some 11 MB less; a one-line file's columns widen the column once.
 */
export function widened<T extends UintArray>(a: T, value: number): T | Uint16Array | Uint32Array {
  if (value <= maxOf(a)) return a;
  const next = value > 0xffff ? new Uint32Array(a.length) : new Uint16Array(a.length);
  next.set(a);
  return next;
}

/** Room kept past the rows when trimming: a few more rows cost no copy of the whole column. */
export const TRIM_SLACK = 1024;

/** Whether an array of `capacity` items holding `length` is worth cutting down (see StringColumn.trim). */
export function oversized(capacity: number, length: number): boolean {
  return capacity > length + 2 * TRIM_SLACK;
}

/** `a` in a new array of `capacity` items of the same type, its first items kept. */
export function resized<T extends UintArray>(a: T, capacity: number): T {
  const next = new (a.constructor as new (n: number) => T)(capacity);
  next.set(a.subarray(0, Math.min(a.length, capacity)));
  return next;
}

/** `next` with the first items of `old`, as many as fit. */
export function growArray<T extends UintArray>(next: T, old: UintArray): T {
  next.set(old.length > next.length ? old.subarray(0, next.length) : old);
  return next;
}

/** The largest of `count` values from `from` (0 when none). */
export function maxIn(a: ArrayLike<number>, from: number, count: number): number {
  let max = 0;
  for (let k = from; k < from + count; k++) if ((a[k] as number) > max) max = a[k] as number;
  return max;
}

/** A sparse per-row array (rows.ts `ext`) without the rows at `positions` (ascending), the later ones moved down. */
export function withoutPositions<T>(
  ext: (T | undefined)[],
  length: number,
  positions: readonly number[],
): (T | undefined)[] {
  const out: (T | undefined)[] = [];
  let k = 0;
  // Holes are skipped by forEach: only rows with elements cost a step, plus one per position.
  ext.forEach((e, i) => {
    while (k < positions.length && (positions[k] as number) < i) k++;
    if (k < positions.length && positions[k] === i) return;
    if (e && i < length) out[i - k] = e;
  });
  return out;
}

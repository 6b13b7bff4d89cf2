/** Values read in place: value `i` is `rawText(i)[rawStart(i), rawEnd(i))` (a column's chunks, or a dictionary's values by number). */
export interface RawRanges {
  rawText(i: number): string;
  rawStart(i: number): number;
  rawEnd(i: number): number;
}

/**
 * Whether value `i` of `source` equals `text[start, end)`, compared from the
 * end: locs of one site and dates share their start (the origin; the year and
 * month) and differ near their end, so a mismatch shows after a few units.
 */
export function rawEquals(source: RawRanges, i: number, text: string, start: number, end: number): boolean {
  const other = source.rawText(i);
  const from = source.rawStart(i);
  const len = end - start;
  if (source.rawEnd(i) - from !== len) return false;
  for (let k = len - 1; k >= 0; k--) if (other.charCodeAt(from + k) !== text.charCodeAt(start + k)) return false;
  return true;
}

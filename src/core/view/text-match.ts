/**
 * Case-insensitive "contains" over a million values of a string column,
 * without cutting a string per row: each chunk string is lowercased once and
 * searched with indexOf from a cursor, so one pass finds every occurrence and
 * rows are answered by comparing offsets. Slicing, lowercasing and searching
 * each value apart measured 0.8 s for 1,000,000 locs in Chromium.
 */
import type { StringColumn } from '../string-columns';

export interface TextMatcher {
  /** Whether row `i`'s value contains the text, ignoring case. */
  matches(i: number): boolean;
}

/** A matcher for `text` (already trimmed and lowercased by the caller, non-empty). */
export function containsMatcher(column: StringColumn, text: string): TextMatcher {
  let raw = '';
  let lowered = '';
  /** `lowered` keeps offsets (lowercasing changed no length), so ranges still apply. */
  let sameOffsets = false;
  /** The first occurrence at or after `searchedFrom` in `lowered` (-1: none). */
  let searchedFrom = 0;
  let hit = -1;
  return {
    matches(i: number): boolean {
      const t = column.rawText(i);
      const start = column.rawStart(i);
      const end = column.rawEnd(i);
      if (t !== raw) {
        raw = t;
        lowered = t.toLowerCase();
        sameOffsets = lowered.length === t.length;
        searchedFrom = Number.MAX_SAFE_INTEGER;
      }
      if (!sameOffsets) return t.slice(start, end).toLowerCase().includes(text);
      // Rows of a chunk mostly come in order: the cursor only moves forward then.
      if (searchedFrom > start || (hit !== -1 && hit < start)) {
        searchedFrom = start;
        hit = lowered.indexOf(text, start);
      }
      return hit !== -1 && hit + text.length <= end;
    },
  };
}

/** The newest lastmod of a branch of the structure tree so far (tree.ts). */
export interface Newest {
  /** As written; '' when none. */
  newest: string;
  /**
   * Its value number when the column is a dictionary (ArenaDictColumn), -1
   * when none: real sitemaps stamp many rows with the same date, and a row
   * whose lastmod is the newest itself needs no text compared.
   */
  newestCode: number;
}

/** Keeps the lastmod at `s`..`e` of `text` (value number `code`, or a negative number when the column is no dictionary) when it sorts after the newest so far; cuts a string only then. */
export function takeNewer(a: Newest, text: string, s: number, e: number, code: number): void {
  const than = a.newest;
  const m = than.length;
  for (let k = 0; s + k < e; k++) {
    if (k === m) break;
    const d = text.charCodeAt(s + k) - than.charCodeAt(k);
    if (d < 0) return;
    if (d > 0) {
      take(a, text, s, e, code);
      return;
    }
  }
  if (e - s > m) take(a, text, s, e, code);
}

function take(a: Newest, text: string, s: number, e: number, code: number): void {
  a.newest = text.slice(s, e);
  // A negative number stands for no dictionary: it must never match a next row's.
  a.newestCode = code < 0 ? -1 : code;
}

import type { UrlRows } from '../rows/rows';
import { LocScanner } from '../rules/loc/loc-scan';
import { scopeOf } from './check-state';
import { fieldMasks } from './field-masks';
import { clockOf } from '../rules/lastmod/w3c-datetime';
import { locMask } from '../rules/loc/loc-mask';
import { isAllowed } from '../rules/loc/location';
import { LOC_BIT, LOC_UNUSABLE } from '../rules/loc/loc-rules';

/**
 * The part of the check each row earns on its own, for the rows one reader
 * read: every row rule but those that need the other rows (loc-duplicate,
 * and loc-not-allowed when there is no Site URL, which needs the most common
 * origin), and its loc's hash for the duplicate index. Made where the rows
 * were read (the parse helper checks its own half while the main worker
 * checks the other), then handed to {@link checkSet}, which finishes the
 * check over all rows with exactly the figures it would have found itself.
 */
export interface OwnChecks {
  /** Per row of the part, in order: its own rule bits. */
  codes: Uint32Array;
  /** Per row: its loc's hash, as the duplicate index computes it. */
  hashes: Int32Array;
  /** The Site URL (trimmed, '' for none) and the present (ms) the part was checked with. */
  siteUrl: string;
  now: number;
}

/**
 * Checks each of `rows` on its own (see {@link OwnChecks}) against `siteUrl`
 * at the present `now` (ms since the epoch): the same bits, row for row, as
 * {@link checkSet}'s pass over the same rows.
 */
export function ownChecks(rows: UrlRows, siteUrl: string, now: number): OwnChecks {
  const n = rows.length;
  const url = siteUrl.trim();
  const scope = scopeOf(url);
  const codes = fieldMasks(rows, clockOf(new Date(now)));
  const hashes = new Int32Array(n);
  const locs = rows.loc.snapshot();
  // Every value of each chunk is read in turn: each chunk encoded at once (see LocScanner).
  const chunk = new LocScanner(true);
  const unusable = LOC_UNUSABLE;
  const notAllowed = LOC_BIT.notAllowed;
  for (let i = 0; i < n; i++) {
    const text = locs.rawText(i);
    const start = locs.rawStart(i);
    const end = locs.rawEnd(i);
    hashes[i] = chunk.scan(text, start, end);
    let m = codes[i] as number;
    // A clean loc has no defect of its own (locMask's fast path): only the others need its string.
    let loc: string | undefined;
    if (!chunk.clean) {
      loc = text.slice(start, end);
      m |= locMask(loc);
    }
    if (scope && !(m & unusable) && !isAllowed(loc ?? text.slice(start, end), scope)) m |= notAllowed;
    codes[i] = m;
  }
  return { codes, hashes, siteUrl: url, now };
}

/** Whether `parts` cover `n` rows in all, checked with `siteUrl` at one present: usable by checkSet. */
export function partsFit(parts: readonly OwnChecks[], n: number, siteUrl: string): boolean {
  if (parts.length === 0) return false;
  const now = (parts[0] as OwnChecks).now;
  let rows = 0;
  for (const p of parts) {
    if (p.siteUrl !== siteUrl || p.now !== now || p.hashes.length !== p.codes.length) return false;
    rows += p.codes.length;
  }
  return rows === n;
}

import type { Problem } from '../rules/problem';
import type { RuleCode } from '../rules/registry';

export interface CheckOptions {
  /** Where the sitemaps will be served; scopes loc-not-allowed and lets messages propose absolute URLs. */
  siteUrl?: string;
  /** The present, for lastmod-future (default: the time of the call). */
  now?: Date;
}

export interface CheckResult {
  /** File-level (copied from set.problems), index-entry and set-level problems; never one object per row problem. */
  problems: Problem[];
  /** Per row position, the mask of its row-level rules (see rules/bits.ts; bits from FIRST_MARK_BIT up are marks: EXT_RULES_BIT, loc-too-long's error mark). */
  rowCodes: Uint32Array;
  /**
   * Sparse: per row position with extension problems (EXT_RULES_BIT set in
   * rowCodes), the mask of its extension rules (see EXT_RULE_BITS).
   */
  extCodes: Map<number, number>;
  /** Every occurrence, row-level ones included. */
  counts: { error: number; warning: number; info: number };
  /**
   * Occurrences per code. Row-level codes count rows: loc-duplicate counts
   * every row whose URL occurs more than once (3 copies → 3), so it matches
   * the rows a "loc-duplicate" filter shows.
   */
  byCode: Partial<Record<RuleCode, number>>;
}

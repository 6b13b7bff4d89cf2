import type { StringColumn } from '../rows/string-columns';
import type { CheckResult } from './check-result';
import type { LocIndex } from './duplicates';
import type { ExtCheck } from './ext-check';
import { allowedScope, type AllowedScope, type OriginMatcher, type OriginTally } from '../rules/loc/location';

/**
 * What an incremental re-check needs and the result does not show. Kept
 * beside the result, not in it, so the result stays plain data; a result that
 * was copied (postMessage) has none and is rebuilt on its first re-check.
 */
export interface CheckState {
  /** The loc of each position as last checked (the store has the new one already). */
  locs: StringColumn;
  dups: LocIndex;
  siteUrl: string;
  scope: AllowedScope | null;
  /** Without a valid Site URL: the origins and the most common one. */
  tally: OriginTally | null;
  majority: OriginMatcher | null;
  /** Who lists whom as an hreflang alternate, and news per file. */
  ext: ExtCheck;
}

/** The state of each live result (check-set.ts sets it; row-problems.ts reads it). */
export const STATES = new WeakMap<CheckResult, CheckState>();

/** The scope a Site URL allows; null without one. */
export function scopeOf(siteUrl: string): AllowedScope | null {
  return siteUrl ? allowedScope(siteUrl) : null;
}

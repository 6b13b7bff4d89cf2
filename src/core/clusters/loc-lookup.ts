import type { CheckResult } from '../check/check-result';
import { STATES } from '../check/check-state';
import { LocIndex } from '../check/duplicates';
import type { LocLookup } from '../check/ext-check';
import type { UrlRows } from '../rows/rows';

/**
 * Rows by loc, as the hreflang rules find them: the check's own duplicate
 * index when the result is live (no second table of a million URLs), else
 * one built here (a result that was copied has none).
 */
export function locLookupOf(result: CheckResult | null, rows: UrlRows): LocLookup {
  const live = result ? STATES.get(result)?.dups : undefined;
  if (live) return live;
  const index = new LocIndex(rows.loc);
  for (let p = 0; p < rows.length; p++) index.add(p);
  return index;
}

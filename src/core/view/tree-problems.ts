/*
 * The problems of a branch of the structure tree: a row with problems counts
 * once, and once more by each of its severities (the tree's pass, tree.ts).
 */
import type { CheckResult } from '../check/check-result';
import { ROW_RULES, severityOfBit, severityOfExtBit } from '../rules/bits';
import { LOC_BIT, LOC_TOO_LONG_ERROR_MARK } from '../rules/loc/loc-rules';
import { EXT_RULES_BIT } from '../rules/rule';

export interface ProblemCounts {
  problems: number;
  errors: number;
  warnings: number;
}

/** The row rule bits of each severity (loc-too-long is a warning unless its error bit is set). */
const ROW_ERROR_BITS = ROW_RULES.reduce((m, _, b) => (severityOfBit(b, 0) === 'error' ? m | (1 << b) : m), 0);
const ROW_WARNING_BITS = ROW_RULES.reduce((m, _, b) => (severityOfBit(b, 0) === 'warning' ? m | (1 << b) : m), 0);

/** Whether a row with problems has an error (1), a warning (2) or both (3), its extension rules included. */
function severitiesOf(mask: number, ext: number): number {
  let errors = mask & ROW_ERROR_BITS;
  let warnings = mask & ROW_WARNING_BITS;
  if (mask & LOC_TOO_LONG_ERROR_MARK) {
    errors |= LOC_BIT.tooLong;
    warnings &= ~LOC_BIT.tooLong;
  }
  let out = (errors ? 1 : 0) | (warnings ? 2 : 0);
  for (let b = 0; ext !== 0 && b < 31; b++) {
    if ((ext & (1 << b)) === 0) continue;
    out |= severityOfExtBit(b) === 'error' ? 1 : severityOfExtBit(b) === 'warning' ? 2 : 0;
  }
  return out;
}

/** Counts a row with problems in a branch: as a problem, and by its severities. */
export function countProblem(a: ProblemCounts, mask: number, result: CheckResult, i: number): void {
  a.problems++;
  const sev = severitiesOf(mask, mask & EXT_RULES_BIT ? (result.extCodes.get(i) ?? 0) : 0);
  if (sev & 1) a.errors++;
  if (sev & 2) a.warnings++;
}

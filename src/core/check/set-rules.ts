import { makeProblem } from '../rules/problem';
import type { UrlRows } from '../rows/rows';
import type { Problem } from '../rows/types';
import { B } from './row-bits';
import { priorityMask } from './priority';
import { quote } from './describe';
import { formatNumber } from '../text/format';

/** True for a decimal equal to 0.5, the protocol's default (`0.5`, `.50`, `+0.500`). */
function isDefaultPriority(p: string): boolean {
  return !(priorityMask(p) & (B.priorityFormat | B.priorityRange)) && Number(p) === 0.5;
}

/**
 * priority-uniform: every row (at least two) carries the same non-empty
 * priority other than the default 0.5, so it ranks nothing. Stops at the
 * first differing row, so a normal set costs a few comparisons.
 */
export function checkPriorityUniform(rows: UrlRows): Problem | null {
  const n = rows.length;
  if (n < 2) return null;
  const first = rows.priority.get(0);
  if (first === '') return null;
  for (let i = 1; i < n; i++) if (rows.priority.get(i) !== first) return null;
  if (isDefaultPriority(first)) return null;
  return makeProblem(
    'priority-uniform',
    `All ${formatNumber(n)} URLs have priority ${quote(first)}; a priority only means something relative to other URLs of the site`,
    { field: 'priority' },
  );
}

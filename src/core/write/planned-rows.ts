import type { UrlRows } from '../rows/rows';

/**
 * The rows an export writes once pages only planned on the board (status
 * Planned) are left out, unless `include`: the positions to write (from
 * `positions`, or every row), how many planned rows were left out, and how
 * many there are among those positions.
 * Undefined positions: write every row (nothing planned was in the way).
 */
export function withoutPlanned(
  rows: UrlRows,
  positions: readonly number[] | undefined,
  include: boolean,
): { positions: readonly number[] | undefined; leftOut: number; planned: number } {
  const planned = new Set<number>();
  for (const [id, plan] of rows.plan.entries()) if (plan.status === 'planned') planned.add(id);
  if (planned.size === 0) return { positions, leftOut: 0, planned: 0 };
  if (include) return { positions, leftOut: 0, planned: countIn(rows, positions, planned) };
  const out: number[] = [];
  let leftOut = 0;
  const n = positions ? positions.length : rows.length;
  for (let k = 0; k < n; k++) {
    const p = positions ? (positions[k] as number) : k;
    if (planned.has(rows.id[p] as number)) leftOut++;
    else out.push(p);
  }
  return { positions: out, leftOut, planned: leftOut };
}

/** How many of the rows at these positions (every row when undefined) have an id in `ids`. */
function countIn(rows: UrlRows, positions: readonly number[] | undefined, ids: ReadonlySet<number>): number {
  if (!positions) return ids.size;
  let n = 0;
  for (const p of positions) if (ids.has(rows.id[p] as number)) n++;
  return n;
}

/* The priority's module: its rules (priority-rules.ts) with their detector, words, fix and set rule. */
import type { UrlRows } from '../../rows/rows';
import { said, type Said } from '../../base/message';
import { formatNumber } from '../../text/format';
import { makeProblem, quote, type Problem } from '../problem';
import type { RuleModule, ValueFix } from '../rule';
import { fixPriority } from './priority-fixes';
import {
  PRIORITY_BIT,
  PRIORITY_FORMAT,
  PRIORITY_RANGE,
  PRIORITY_RULES,
  PRIORITY_UNIFORM,
  priorityMask,
} from './priority-rules';

/** The plain-language detail of a problem with a priority value. */
function describePriority(code: string, value: string): Said {
  const v = quote(value);
  if (code === PRIORITY_RANGE.code)
    return said('detail.priority.range', { value: v }, `priority ${v} is outside 0.0 to 1.0`);
  const fixed = fixPriority(value);
  return fixed
    ? said('detail.priority.use', { value: v, fixed }, `priority ${v} is not a decimal number; use ${fixed}`)
    : said('detail.priority.format', { value: v }, `priority ${v} is not a decimal number between 0.0 and 1.0`);
}

/**
 * priority-uniform over rows that pass by: every row (at least two) carries
 * the same non-empty priority other than the default 0.5, so it ranks
 * nothing. The table check runs it over the set, the streaming check chunk
 * by chunk; once two priorities differ only the count is left to keep.
 */
export class UniformPriority {
  private n = 0;
  private first = '';
  private same = true;

  add(priority: string): void {
    if (this.n++ === 0) this.first = priority;
    else if (this.same && priority !== this.first) this.same = false;
  }

  /** {@link add} for every row of `rows`: past the first two priorities that differ, only the count is left to keep. */
  addAll(rows: UrlRows): void {
    const priority = rows.priority;
    let i = 0;
    for (; i < rows.length && this.same; i++) this.add(priority.get(i));
    this.n += rows.length - i;
  }

  problem(): Problem | null {
    const first = this.first;
    if (this.n < 2 || !this.same || first === '') return null;
    if (!(priorityMask(first) & (PRIORITY_BIT.format | PRIORITY_BIT.range)) && Number(first) === 0.5) return null;
    const value = quote(first);
    return makeProblem(
      PRIORITY_UNIFORM,
      said(
        'detail.priority.uniform',
        { count: this.n, value },
        `All ${formatNumber(this.n)} URLs have priority ${value}; a priority only means something relative to other URLs of the site`,
      ),
      { field: 'priority' },
    );
  }
}

/** priority-uniform of a whole set of rows. */
export function priorityUniform(rows: UrlRows): Problem | null {
  const uniform = new UniformPriority();
  uniform.addAll(rows);
  return uniform.problem();
}

const PRIORITY_FIXES: readonly ValueFix[] = [
  { kind: 'value', rule: PRIORITY_FORMAT, field: 'priority', apply: (v) => fixPriority(v) },
];

export const PRIORITY = {
  rules: PRIORITY_RULES,
  describeRow: (code, rows, i) => ({ detail: describePriority(code, rows.priority.get(i)), field: 'priority' }),
  field: {
    field: 'priority',
    alone: true,
    mask: (value) => priorityMask(value),
    describe: describePriority,
  },
  fixes: PRIORITY_FIXES,
} as const satisfies RuleModule;

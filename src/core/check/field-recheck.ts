/*
 * The re-check of one edited field that needs nothing but the field's value,
 * so the page can draw an edited row with its problems in the frame after
 * the keystroke, before the worker's answer (which is deferred behind that
 * frame) confirms it. The worker's check (check-set.ts recheckRows) stays
 * the authority: the page redraws the row when its answer differs. Which
 * rules a field owns, how they are found and said: the field's module
 * (rules/modules.ts FIELD_RULES, FIELD_BITS).
 */
import type { UrlField } from '../rows/types';
import { lowestBit, ROW_RULE_BITS, ROW_RULES, severityOfBit } from '../rules/bits';
import { clockOf } from '../rules/lastmod/w3c-datetime';
import { FIELD_BITS, FIELD_RULES } from '../rules/modules';
import { makeProblem, type Problem } from '../rules/problem';
import { ruleFor, type RuleCode } from '../rules/registry';
import type { Clock } from '../rules/rule';

/** A problem as a row draws it. */
export type DrawnProblem = Pick<Problem, 'code' | 'severity' | 'message' | 'detail'>;

/** Where a code sits in a row's list (rowProblems' order): row rules by bit, extension rules after, as they came. */
function rankOf(code: RuleCode): number {
  const bit = bitOf(code);
  return bit === 0 ? ROW_RULES.length : lowestBit(bit);
}

/** The code's bit in a row's mask; 0 for the extension rules, which have none there. */
function bitOf(code: RuleCode): number {
  return (ROW_RULE_BITS as Partial<Record<RuleCode, number>>)[code] ?? 0;
}

/**
 * A row's problems after its field `field` took `value`: those of the
 * field's own rules worked out again from the value, with the same words
 * and in the same order as the worker's rowProblems gives them, the others
 * kept as they were. Null for a field whose rules reach other rows (the loc:
 * duplicates, the majority origin, hreflang alternates): only the worker's
 * check can tell those.
 *
 * @param problems the row's problems before the edit, as the worker drew them
 * @param clock the present for lastmod-future (default: now)
 */
export function recheckField(
  problems: readonly DrawnProblem[],
  field: UrlField,
  value: string,
  clock: Clock = clockOf(),
): DrawnProblem[] | null {
  const rules = FIELD_RULES[field];
  if (!rules.alone) return null;
  const owned = FIELD_BITS[field];
  const kept = problems.filter((p) => (bitOf(p.code) & owned) === 0);
  // An empty optional field breaks no rule (ownRowMask skips it too).
  const mask = value === '' ? 0 : rules.mask(value, clock) & owned;
  const added: DrawnProblem[] = [];
  for (let rest = mask; rest !== 0; rest &= rest - 1) {
    const b = lowestBit(rest);
    const code = ROW_RULES[b] as RuleCode;
    const detail = rules.describe(code, value, {});
    const {
      code: c,
      severity,
      message,
      detail: keyed,
    } = makeProblem(ruleFor(code), detail, {}, severityOfBit(b, mask));
    added.push(keyed ? { code: c, severity, message, detail: keyed } : { code: c, severity, message });
  }
  if (added.length === 0) return kept;
  // Both lists are in rowProblems' order: merge them (a stable sort by rank keeps the extension rules' own order).
  return [...kept, ...added].sort((a, b) => rankOf(a.code) - rankOf(b.code));
}

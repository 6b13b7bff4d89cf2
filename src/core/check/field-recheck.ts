/*
 * The re-check of one edited field that needs nothing but the field's value,
 * so the page can draw an edited row with its problems in the frame after
 * the keystroke, before the worker's answer (which is deferred behind that
 * frame) confirms it. The worker's check (check-set.ts recheckRows) stays
 * the authority: the page redraws the row when its answer differs.
 */
import { makeProblem } from '../rules/problem';
import type { Problem, RuleCode, UrlField } from '../rows/types';
import { changefreqMask } from './changefreq';
import { describeChangefreq, describeLastmod, describePriority } from './describe';
import { clockOf, lastmodMask, type LastmodClock } from './lastmod';
import { priorityMask } from './priority';
import { B, lowestBit, ROW_RULE_BITS, ROW_RULES, severityOfBit, type RowRuleCode } from './row-bits';

/** A problem as a row draws it. */
export type DrawnProblem = Pick<Problem, 'code' | 'severity' | 'message'>;

/** The rule bits each field that can be re-checked alone owns: its rules read that field and nothing else. */
const FIELD_BITS: Readonly<Record<Exclude<UrlField, 'loc'>, number>> = {
  lastmod: B.lastmodFormat | B.lastmodInvalid | B.lastmodTimezone | B.lastmodFuture,
  changefreq: B.changefreqValue,
  priority: B.priorityFormat | B.priorityRange,
};

function fieldMask(field: Exclude<UrlField, 'loc'>, value: string, clock: LastmodClock): number {
  // An empty optional field breaks no rule (ownRowMask skips it too).
  if (value === '') return 0;
  if (field === 'lastmod') return lastmodMask(value, clock);
  return field === 'changefreq' ? changefreqMask(value) : priorityMask(value);
}

function detailOf(code: RowRuleCode, field: Exclude<UrlField, 'loc'>, value: string): string {
  if (field === 'lastmod') return describeLastmod(code, value);
  return field === 'changefreq' ? describeChangefreq(value) : describePriority(code, value);
}

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
 * kept as they were. Null for a loc, whose rules reach other rows
 * (duplicates, the majority origin, hreflang alternates): only the worker's
 * check can tell those.
 *
 * @param problems the row's problems before the edit, as the worker drew them
 * @param clock the present for lastmod-future (default: now)
 */
export function recheckField(
  problems: readonly DrawnProblem[],
  field: UrlField,
  value: string,
  clock: LastmodClock = clockOf(),
): DrawnProblem[] | null {
  if (field === 'loc') return null;
  const owned = FIELD_BITS[field];
  const kept = problems.filter((p) => (bitOf(p.code) & owned) === 0);
  const mask = fieldMask(field, value, clock) & owned;
  const added: DrawnProblem[] = [];
  for (let rest = mask; rest !== 0; rest &= rest - 1) {
    const b = lowestBit(rest);
    const code = ROW_RULES[b] as RowRuleCode;
    const { code: c, severity, message } = makeProblem(code, detailOf(code, field, value), {}, severityOfBit(b, mask));
    added.push({ code: c, severity, message });
  }
  if (added.length === 0) return kept;
  // Both lists are in rowProblems' order: merge them (a stable sort by rank keeps the extension rules' own order).
  return [...kept, ...added].sort((a, b) => rankOf(a.code) - rankOf(b.code));
}

import { EXT_RULES } from '../../core/check/ext-bits';
import { ROW_RULES } from '../../core/check/row-bits';
import { FIXABLE_CODES } from '../../core/fix/plan-fixes';
import { ruleFor } from '../../core/rules';
import type { RuleCode } from '../../core/types';

const FIXABLE = new Set<RuleCode>(FIXABLE_CODES);
const ROW_CODES = new Set<RuleCode>([...ROW_RULES, ...EXT_RULES]);

/** True when "Fix all" can repair this code in the rows now. */
export function canFixNow(code: RuleCode): boolean {
  return FIXABLE.has(code) && ruleFor(code).fix !== '';
}

/**
 * A rule whose repair happens when the files are written (split, namespace,
 * re-encoding): nothing to click, but the user should know it is handled.
 */
export function fixedOnExport(code: RuleCode): string {
  const rule = ruleFor(code);
  return !FIXABLE.has(code) && rule.fix !== '' ? rule.fix : '';
}

/** Codes the table can filter its rows by (a file-level problem has no rows). */
export function filtersRows(code: RuleCode): boolean {
  return ROW_CODES.has(code);
}

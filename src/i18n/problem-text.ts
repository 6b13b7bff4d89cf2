import type { Problem } from '../core/rules/problem';
import { ruleFor } from '../core/rules/registry';
import type { Translator } from './translator';

/**
 * A problem's message in the reader's language: core's keyed detail
 * translated, followed by Search Console's name of the rule (as Search
 * Console writes it, in English). A detail core does not key yet is shown
 * as core wrote it.
 */
export function problemText(p: Pick<Problem, 'code' | 'message' | 'detail'>, words: Translator): string {
  if (!p.detail || words.lang === 'en') return p.message;
  const detail = words.text(p.detail);
  const name = ruleFor(p.code).searchConsole;
  return name ? words.t('problem.withSearchConsole', { detail, name }) : detail;
}

/* The changefreq's module: its rule (changefreq-rules.ts) with its detector, words and fix. */
import { said, type Said } from '../../base/message';
import { quote } from '../problem';
import type { RuleModule, ValueFix } from '../rule';
import { fixChangefreq } from './changefreq-fixes';
import { CHANGEFREQ_RULES, CHANGEFREQ_VALUE, CHANGEFREQ_VALUES, changefreqMask } from './changefreq-rules';

/** The plain-language detail of a problem with a changefreq value. */
function describeChangefreq(_code: string, value: string): Said {
  const fixed = fixChangefreq(value);
  const v = quote(value);
  if (fixed)
    return said(
      'detail.changefreq.use',
      { value: v, fixed },
      `changefreq ${v} is not one of the seven values; use ${fixed}`,
    );
  const values = CHANGEFREQ_VALUES.join(', ');
  return said('detail.changefreq.values', { value: v, values }, `changefreq ${v} is not one of ${values}`);
}

const CHANGEFREQ_FIXES: readonly ValueFix[] = [
  { kind: 'value', rule: CHANGEFREQ_VALUE, field: 'changefreq', apply: (v) => fixChangefreq(v) },
];

export const CHANGEFREQ = {
  rules: CHANGEFREQ_RULES,
  describeRow: (code, rows, i) => ({ detail: describeChangefreq(code, rows.changefreq.get(i)), field: 'changefreq' }),
  field: {
    field: 'changefreq',
    alone: true,
    mask: (value) => changefreqMask(value),
    describe: describeChangefreq,
  },
  fixes: CHANGEFREQ_FIXES,
} as const satisfies RuleModule;

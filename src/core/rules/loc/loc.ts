/* The loc's module: its rules (loc-rules.ts) with their detector, words and fixes. */
import type { RuleModule, ValueFix } from '../rule';
import { fixLocFragment, fixLocNotAbsolute, fixLocUnescaped, fixLocWhitespace } from './loc-fixes';
import { locMask } from './loc-mask';
import { LOC_FRAGMENT, LOC_NOT_ABSOLUTE, LOC_RULES, LOC_UNESCAPED, LOC_WHITESPACE } from './loc-rules';
import { describeLoc } from './loc-words';

/** Order matters: trim before resolving, resolve before encoding, encode before cutting the fragment. */
const LOC_FIXES: readonly ValueFix[] = [
  { kind: 'value', rule: LOC_WHITESPACE, field: 'loc', apply: (v) => fixLocWhitespace(v) },
  { kind: 'value', rule: LOC_NOT_ABSOLUTE, field: 'loc', apply: (v, o) => fixLocNotAbsolute(v, o.siteUrl) },
  { kind: 'value', rule: LOC_UNESCAPED, field: 'loc', apply: (v) => fixLocUnescaped(v) },
  { kind: 'value', rule: LOC_FRAGMENT, field: 'loc', apply: (v) => fixLocFragment(v) },
];

export const LOC = {
  rules: LOC_RULES,
  describeRow: (code, rows, i, ctx) => ({ detail: describeLoc(code, rows.loc.get(i), ctx), field: 'loc' }),
  field: {
    field: 'loc',
    alone: false,
    mask: (value) => locMask(value),
    describe: describeLoc,
  },
  fixes: LOC_FIXES,
} as const satisfies RuleModule;

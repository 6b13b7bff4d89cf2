/* The lastmod's module: its rules (lastmod-rules.ts) with their detector, words and fixes. */
import type { RuleModule, ValueFix } from '../rule';
import { addTimeZone, convertLastmod } from './lastmod-fixes';
import { lastmodMaskRange } from './lastmod-range';
import { LASTMOD_BIT, LASTMOD_FORMAT, LASTMOD_RULES, LASTMOD_TIMEZONE } from './lastmod-rules';
import { describeLastmod } from './lastmod-words';
import { lastmodMask } from './w3c-datetime';

/**
 * Fixes of one value chain: with both asked, `2024-05-08 08:53:11 AM`
 * becomes `2024-05-08T08:53:11` (lastmod-format) and then gets the chosen
 * zone (lastmod-timezone); asked for lastmod-format alone, it keeps no zone
 * and stays a lastmod-timezone warning.
 */
const LASTMOD_FIXES: readonly ValueFix[] = [
  { kind: 'value', rule: LASTMOD_FORMAT, field: 'lastmod', apply: (v) => convertLastmod(v) },
  {
    kind: 'value',
    rule: LASTMOD_TIMEZONE,
    field: 'lastmod',
    // A value converted from another format may have a time without a zone.
    candidates: LASTMOD_BIT.timezone | LASTMOD_BIT.format,
    apply: (v, o) => addTimeZone(v, o.zone ?? 'Z'),
  },
];

export const LASTMOD = {
  rules: LASTMOD_RULES,
  describeRow: (code, rows, i) => ({ detail: describeLastmod(code, rows.lastmod.get(i)), field: 'lastmod' }),
  field: {
    field: 'lastmod',
    alone: true,
    mask: lastmodMask,
    maskRange: lastmodMaskRange,
    describe: describeLastmod,
  },
  fixes: LASTMOD_FIXES,
} as const satisfies RuleModule;

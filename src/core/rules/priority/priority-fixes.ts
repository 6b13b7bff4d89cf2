import { PRIORITY_BIT, priorityMask } from './priority-rules';

/**
 * priority-format → `0,8` becomes `0.8` (a decimal comma, as spreadsheets in
 * most of Europe write it); null for anything else (`high`, `80%`): those
 * have no single right number.
 */
export function fixPriority(value: string): string | null {
  const v = value.trim();
  const comma = v.indexOf(',');
  if (comma < 0 || v.indexOf(',', comma + 1) >= 0 || v.includes('.')) return null;
  const out = v.slice(0, comma) + '.' + v.slice(comma + 1);
  return priorityMask(out) & PRIORITY_BIT.format ? null : out;
}

import { formatPlace } from '../core/rules/problem';
import type { RuleCode } from '../core/rules/registry';
import type { Problem } from '../core/rules/problem';
import { formatNumber } from '../core/text/format';

/** Past this many lines per code the rest is summarised: a 1M-URL file can have 1M problems. */
const LINES_PER_CODE = 20;

/** Human-readable problem lines, grouped by code in order of first appearance. */
export function formatProblems(problems: readonly Problem[], byCode: Partial<Record<RuleCode, number>>): string[] {
  const groups = new Map<RuleCode, Problem[]>();
  for (const p of problems) {
    const g = groups.get(p.code);
    if (g) g.push(p);
    else groups.set(p.code, [p]);
  }
  const lines: string[] = [];
  for (const [code, list] of groups) {
    for (const p of list.slice(0, LINES_PER_CODE)) {
      const place = formatPlace(p);
      lines.push(`${place ? `${place}: ` : ''}${p.severity} ${p.code}: ${p.message}`);
    }
    const total = Math.max(byCode[code] ?? 0, list.length);
    if (total > LINES_PER_CODE) lines.push(`  ... and ${formatNumber(total - LINES_PER_CODE)} more ${code}`);
  }
  return lines;
}

export function plural(n: number, word: string): string {
  return `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;
}

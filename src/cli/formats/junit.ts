import { ruleFor } from '../../core/rules/registry';
import { escapeAttr, escapeText } from '../../core/write/escape';
import { formatPlace } from '../../core/rules/problem';
import type { Severity } from '../../core/rules/rule';
import type { Problem } from '../../core/rules/problem';
import { byCode, byFile, type ReportFile } from './check-report';
import { formatNumber } from '../../core/text/format';

/** Located examples in one failure's text. */
const EXAMPLES = 20;

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Which problems fail a test case: `--fail-on error|warning|never`. */
export type FailOn = 'error' | 'warning' | 'never';

export function fails(severity: Severity, failOn: FailOn): boolean {
  return failOn !== 'never' && RANK[severity] <= RANK[failOn];
}

/**
 * JUnit XML: one test case per file (a sitemap, an index, robots.txt, a URL
 * that could not be fetched; problems of the whole set in "(set)"), one
 * `<failure>` per problem group at or above `failOn` (its count, rule and
 * first located examples); groups below it go to `<system-out>`.
 */
export function formatJunit(
  files: readonly ReportFile[],
  problems: readonly Problem[],
  failOn: FailOn,
  seconds: number,
): string {
  const grouped = byFile(problems);
  const names = [...files.map((f) => f.name)];
  for (const name of grouped.keys()) if (!names.includes(name)) names.push(name);
  const cases: string[] = [];
  let failures = 0;
  for (const name of names) {
    const list = grouped.get(name) ?? [];
    const failed: string[] = [];
    const other: string[] = [];
    for (const [code, group] of byCode(list)) {
      const rule = ruleFor(code);
      const severity = group[0]?.severity ?? rule.severity;
      const head = `${formatNumber(group.length)} × ${code} (${severity}): ${rule.title}`;
      const body = group.slice(0, EXAMPLES).map((p) => `${formatPlace(p) || name || '(set)'}: ${p.message}`);
      if (group.length > EXAMPLES) body.push(`... and ${formatNumber(group.length - EXAMPLES)} more`);
      if (fails(severity, failOn)) {
        failures++;
        failed.push(
          `      <failure type="${escapeAttr(code)}" message="${escapeAttr(head)}">${escapeText(body.join('\n'))}</failure>`,
        );
      } else {
        other.push(`${head}\n${body.join('\n')}`);
      }
    }
    const out = other.length ? `      <system-out>${escapeText(other.join('\n\n'))}</system-out>` : '';
    const inner = [...failed, out].filter(Boolean);
    const open = `    <testcase classname="sitemap" name="${escapeAttr(name || '(set)')}">`;
    cases.push(inner.length ? `${open}\n${inner.join('\n')}\n    </testcase>` : `${open}</testcase>`);
  }
  const attrs = `tests="${names.length}" failures="${failures}" errors="0" time="${seconds.toFixed(3)}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sitemap-editor check" ${attrs}>`,
    `  <testsuite name="sitemaps" ${attrs}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
  ].join('\n');
}

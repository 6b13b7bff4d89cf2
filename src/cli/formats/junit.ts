import { ruleFor } from '../../core/rules/registry';
import { escapeAttr, escapeText } from '../../core/write/escape';
import { formatPlace } from '../../core/rules/problem';
import type { Severity } from '../../core/rules/rule';
import type { Problem } from '../../core/rules/problem';
import { byCode, byFile, type ReportFile } from './check-report';
import { formatNumber } from '../../core/text/format';
import { ruleWords } from '../../i18n/rule-words';
import type { Translator } from '../../i18n/translator';
import { severityWord } from '../report';

/** Located examples in one failure's text. */
const EXAMPLES = 20;

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Which problems fail a test case: `--fail-on error|warning|never`. */
export type FailOn = 'error' | 'warning' | 'never';

function fails(severity: Severity, failOn: FailOn): boolean {
  return failOn !== 'never' && RANK[severity] <= RANK[failOn];
}

/**
 * JUnit XML, in the shape Jenkins and GitLab read (one `<failure>` per test
 * case, counts of test cases): a test case per rule a file breaks, named
 * `file: code` (problems of the whole set under "(set)"), failed by one
 * `<failure>` (its count, rule and first located examples) when the rule's
 * severity is at or above `failOn`, else passed with the same words in its
 * `<system-out>`; a file with no problem is one passed test case of its
 * own name. `tests` counts test cases and `failures` the failed ones.
 * `words` in another language than English adds a `<system-out>` to each
 * rule's test case holding its head in that language (count, code, severity,
 * title); every English word stays where it was.
 */
export function formatJunit(
  files: readonly ReportFile[],
  problems: readonly Problem[],
  failOn: FailOn,
  seconds: number,
  words?: Translator,
): string {
  const grouped = byFile(problems);
  const names = [...files.map((f) => f.name)];
  for (const name of grouped.keys()) if (!names.includes(name)) names.push(name);
  const cases: string[] = [];
  let failures = 0;
  for (const name of names) {
    const file = name || '(set)';
    const list = grouped.get(name) ?? [];
    if (list.length === 0) cases.push(testCase(file));
    for (const [code, group] of byCode(list)) {
      const rule = ruleFor(code);
      const severity = group[0]?.severity ?? rule.severity;
      const head = `${formatNumber(group.length)} × ${code} (${severity}): ${rule.title}`;
      const body = group.slice(0, EXAMPLES).map((p) => `${formatPlace(p) || file}: ${p.message}`);
      if (group.length > EXAMPLES) body.push(`... and ${formatNumber(group.length - EXAMPLES)} more`);
      const text = escapeText(body.join('\n'));
      const translated =
        words && words.lang !== 'en'
          ? `<system-out>${escapeText(
              words.t('cli.junitTitle', {
                count: group.length,
                code,
                severity: severityWord(severity, words),
                title: ruleWords(code, words).title,
              }),
            )}</system-out>`
          : '';
      if (fails(severity, failOn)) {
        failures++;
        cases.push(
          testCase(
            `${file}: ${code}`,
            `<failure type="${escapeAttr(code)}" message="${escapeAttr(head)}">${text}</failure>${translated}`,
          ),
        );
      } else
        cases.push(testCase(`${file}: ${code}`, `<system-out>${escapeText(head)}\n${text}</system-out>${translated}`));
    }
  }
  const counts = `tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="${seconds.toFixed(3)}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="sitemap-editor check" ${counts}>`,
    `  <testsuite name="sitemaps" ${counts}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
  ].join('\n');
}

/** One test case, passed when `inner` holds no failure. */
function testCase(name: string, inner = ''): string {
  const open = `    <testcase classname="sitemap" name="${escapeAttr(name)}" time="0"`;
  return inner ? `${open}>\n      ${inner}\n    </testcase>` : `${open}/>`;
}

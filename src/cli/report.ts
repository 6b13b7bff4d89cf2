import { formatPlace } from '../core/rules/problem';
import type { RuleCode } from '../core/rules/registry';
import type { Problem } from '../core/rules/problem';
import type { Severity } from '../core/rules/rule';
import { formatNumber } from '../core/text/format';
import { problemText } from '../i18n/problem-text';
import { ruleWords } from '../i18n/rule-words';
import type { Translator } from '../i18n/translator';

/** Past this many lines per code the rest is summarised: a 1M-URL file can have 1M problems. */
const LINES_PER_CODE = 20;

/** A severity as a problem line writes it: "error" in English, "hata" in Turkish. */
export function severityWord(severity: Severity, words: Translator): string {
  return words.t(`cli.severity.${severity}`);
}

/**
 * Human-readable problem lines, grouped by code in order of first appearance.
 * In English a line is `place: severity code: message`, as scripts have read
 * it (the message already says what the rule's title says, with the
 * values). In another language the rule's title in that language comes
 * first and the message after it, translated where core keys its detail
 * (problem-text.ts), else as core wrote it.
 */
export function formatProblems(
  problems: readonly Problem[],
  byCode: Partial<Record<RuleCode, number>>,
  words: Translator,
): string[] {
  const groups = new Map<RuleCode, Problem[]>();
  for (const p of problems) {
    const g = groups.get(p.code);
    if (g) g.push(p);
    else groups.set(p.code, [p]);
  }
  const lines: string[] = [];
  for (const [code, list] of groups) {
    const title = words.lang === 'en' ? '' : ruleWords(code, words).title;
    for (const p of list.slice(0, LINES_PER_CODE)) {
      const place = formatPlace(p);
      const what =
        words.lang === 'en'
          ? `${p.severity} ${p.code}: ${p.message}`
          : words.t('cli.problem', {
              severity: severityWord(p.severity, words),
              code,
              title,
              detail: problemText(p, words),
            });
      lines.push(`${place ? `${place}: ` : ''}${what}`);
    }
    const total = Math.max(byCode[code] ?? 0, list.length);
    if (total > LINES_PER_CODE) lines.push(words.t('cli.more', { count: total - LINES_PER_CODE, code }));
  }
  return lines;
}

/** The last line of check and stream: "10 URLs in 3 sitemaps and 1 index: 7 errors, 6 warnings, 2 infos". */
export function summaryLine(
  s: { urls: number; sitemaps: number; indexes: number; errors: number; warnings: number; infos: number },
  words: Translator,
): string {
  const { urls, sitemaps, indexes, errors, warnings, infos } = s;
  return words.t('cli.summary', { urls, sitemaps, indexes, errors, warnings, infos });
}

export function plural(n: number, word: string): string {
  return `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;
}

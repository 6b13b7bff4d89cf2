import type { Severity } from '../../core/rules/rule';
import type { Problem } from '../../core/rules/problem';
import { byCode } from './check-report';
import { formatNumber } from '../../core/text/format';
import { ruleWords } from '../../i18n/rule-words';
import type { Translator } from '../../i18n/translator';

/** Annotations per code at most: GitHub shows only the first few of a step anyway. */
const PER_CODE = 20;

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** GitHub's workflow-command escaping: data escapes %, CR, LF; properties also : and ,. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * GitHub Actions annotations, `::error file=…,line=…,col=…,title=CODE::message`
 * (warnings as ::warning, infos as ::notice); a live source's file is its URL.
 * In another language than English the message gets a second line, the
 * rule's title in that language: the code and the English message stay as
 * they were (a workflow command has no other field to hold it).
 */
export function formatGithub(
  problems: readonly Problem[],
  counts: Partial<Record<Problem['code'], number>>,
  words: Translator,
): string[] {
  const lines: string[] = [];
  for (const [code, list] of byCode(problems)) {
    const title = words.lang === 'en' ? '' : `%0A${escapeData(ruleWords(code, words).title)}`;
    for (const p of list.slice(0, PER_CODE)) {
      const props: string[] = [];
      if (p.file) props.push(`file=${escapeProperty(p.file)}`);
      if (p.line) props.push(`line=${p.line}`);
      if (p.column) props.push(`col=${p.column}`);
      props.push(`title=${escapeProperty(code)}`);
      lines.push(`::${COMMAND[p.severity]} ${props.join(',')}::${escapeData(p.message)}${title}`);
    }
    const total = Math.max(counts[code] ?? 0, list.length);
    if (total > PER_CODE)
      lines.push(
        `::notice title=${escapeProperty(code)}::${formatNumber(total - PER_CODE)} more ${code} not annotated`,
      );
  }
  return lines;
}

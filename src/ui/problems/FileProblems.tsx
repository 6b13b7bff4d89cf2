import { useMemo } from 'react';
import { ruleFor } from '../../core/rules/registry';
import { ruleWords, type RuleWords } from '../../i18n/rule-words';
import type { ReportedProblem } from '../../worker/protocol';
import { useWords } from '../i18n/words';
import { ProblemExample } from './ProblemExample';
import { SeverityBadge } from './SeverityBadge';

/**
 * Problems of whole files (not well-formed, not a sitemap, compression…),
 * listed per file with the place they were found: a file with no rows has no
 * table rows to jump to, so its place is what the user needs.
 */
export function FileProblems({ problems }: { problems: ReportedProblem[] }) {
  const words = useWords();
  const byFile = useMemo(() => {
    const map = new Map<string, ReportedProblem[]>();
    for (const p of problems) {
      if (ruleFor(p.code).scope !== 'file' || !p.file) continue;
      const list = map.get(p.file);
      if (list) list.push(p);
      else map.set(p.file, [p]);
    }
    return [...map];
  }, [problems]);

  if (byFile.length === 0) return null;
  return (
    <div className="problem-section file-problems">
      <h3 id="file-problems-title" className="section-title">
        {words.t('problems.inFiles')} <span className="muted">{words.n(byFile.length)}</span>
      </h3>
      <ul className="file-problem-list" aria-labelledby="file-problems-title">
        {byFile.map(([file, list]) => (
          <li key={file} className="file-problem" data-file={file}>
            <code className="file-name">{file}</code>
            <ul className="problem-list">
              {list.map((p, i) => (
                <li key={i} className={`problem severity-${p.severity}`}>
                  <span className="group-line">
                    <SeverityBadge severity={p.severity} />
                    <RuleLead words={ruleWords(p.code, words)} lang={words.lang} />
                    <code className="problem-code">{p.code}</code>
                  </span>
                  <ProblemExample problem={p} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Search Console's name when it has one (marked when it is not in the page's language), else the rule's title. */
function RuleLead({ words, lang }: { words: RuleWords; lang: string }) {
  if (!words.searchConsole) return <span className="problem-lead">{words.title}</span>;
  return (
    <span className="problem-lead" lang={words.searchConsoleLang === lang ? undefined : words.searchConsoleLang}>
      {words.searchConsole}
    </span>
  );
}

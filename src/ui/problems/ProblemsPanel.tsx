import { useMemo } from 'react';
import { ruleFor } from '../../core/rules/registry';
import type { RuleCode } from '../../core/rules/registry';
import type { Severity } from '../../core/rules/rule';
import { useAppStore } from '../../store/app-store';
import { fixableCount, type ProblemGroup, type ReportedProblem } from '../../worker/protocol';
import { useWords } from '../i18n/words';
import type { MessageId } from '../../i18n/translator';
import { FileProblems } from './FileProblems';
import { ProblemGroupItem } from './ProblemGroupItem';
import { SitemapStatus } from './SitemapStatus';
import './problem-jump.css';

const SECTIONS: { severity: Severity; title: MessageId }[] = [
  { severity: 'error', title: 'problems.errors' },
  { severity: 'warning', title: 'problems.warnings' },
  { severity: 'info', title: 'totals.notes' },
];

/**
 * Problems grouped by rule code, errors first: choosing a group filters the
 * table to its rows, and "Fix all" repairs what can be repaired safely.
 */
export function ProblemsPanel() {
  const summary = useAppStore((s) => s.summary);
  const activeCode = useAppStore((s) => s.query.code);
  const setQuery = useAppStore((s) => s.setQuery);
  const fixCodes = useAppStore((s) => s.fixCodes);
  const busy = useAppStore((s) => s.editTask !== null || s.job !== null);
  const fixing = useAppStore((s) => s.editTask === 'fix');
  const words = useWords();

  const byCode = useMemo(() => {
    const map = new Map<RuleCode, ReportedProblem[]>();
    for (const p of summary?.problems ?? []) {
      const list = map.get(p.code);
      if (list) list.push(p);
      else map.set(p.code, [p]);
    }
    return map;
  }, [summary]);

  const groups = useMemo(() => {
    const list: ProblemGroup[] = [...(summary?.groups ?? [])];
    // The group being shown stays, at 0, after its rows were fixed: the
    // table still filters by it, and the user sees why it is empty.
    if (activeCode && !list.some((g) => g.code === activeCode)) {
      const rule = ruleFor(activeCode);
      list.push({ code: activeCode, severity: rule.severity, title: rule.title, count: 0 });
    }
    return list;
  }, [summary, activeCode]);

  if (!summary) return null;
  const fixableTotal = groups.reduce((n, g) => n + fixableCount(g), 0);
  const choose = (code: RuleCode) => void setQuery({ code: activeCode === code ? null : code, onlyProblems: false });

  return (
    <section className="panel problems" aria-labelledby="problems-title">
      <div className="problems-head">
        <h2 id="problems-title" tabIndex={-1}>
          {words.t('totals.problems')} <span className="muted">{words.n(summary.problemTotal)}</span>
        </h2>
        {fixableTotal > 0 && (
          <button
            type="button"
            className="button button-primary button-small"
            disabled={busy}
            onClick={() => void fixCodes('all').then(focusAfterFix)}
          >
            {words.t(fixing ? 'export.fixing' : 'problems.fixAll')}
            <span className="button-count">{words.n(fixableTotal)}</span>
          </button>
        )}
      </div>
      <SitemapStatus />
      {activeCode && (
        <p className="filter-status" role="status">
          <span>{words.rich('problems.onlyRowsWith', { code: <code>{activeCode}</code> })}</span>
          <button type="button" className="link-button" onClick={() => void setQuery({ code: null })}>
            {words.t('problems.showAll')}
          </button>
        </p>
      )}
      {groups.length === 0 ? (
        <p className="muted">{words.t('problems.none')}</p>
      ) : (
        SECTIONS.map(({ severity, title }) => {
          const list = groups.filter((g) => g.severity === severity);
          if (list.length === 0) return null;
          const headingId = `problems-${severity}`;
          return (
            <div key={severity} className="problem-section">
              <h3 id={headingId} className={`section-title severity-text-${severity}`}>
                {words.t(title)} <span className="muted">{words.n(list.reduce((n, g) => n + g.count, 0))}</span>
              </h3>
              <ul className="problem-groups" aria-labelledby={headingId}>
                {list.map((group) => (
                  <ProblemGroupItem
                    key={`${group.code}-${group.severity}`}
                    group={group}
                    problems={byCode.get(group.code) ?? []}
                    selected={activeCode === group.code}
                    busy={busy}
                    onChoose={choose}
                    onFix={(code) => void fixCodes([code]).then(focusAfterFix)}
                  />
                ))}
              </ul>
            </div>
          );
        })
      )}
      <FileProblems problems={summary.problems} />
    </section>
  );
}

/** After a fix its button may be gone: the focus goes to the panel's heading (its count says what is left) rather than to the page. */
function focusAfterFix(): void {
  requestAnimationFrame(() => {
    const lost =
      !document.activeElement ||
      document.activeElement === document.body ||
      (document.activeElement as HTMLButtonElement).disabled;
    if (lost) document.getElementById('problems-title')?.focus();
  });
}

import { useMemo } from 'react';
import { useAppStore } from '../../store/app-store';
import type { ProblemGroup, ReportedProblem } from '../../worker/protocol';
import { formatNumber, plural } from '../format';
import { SeverityBadge } from './SeverityBadge';

/** Groups open on load: enough to see the worst without a wall of text. */
const OPEN_GROUPS = 3;

/** Problems grouped by rule code, worst first, each with its count and examples. */
export function ProblemsPanel() {
  const summary = useAppStore((s) => s.summary);
  const byCode = useMemo(() => {
    const map = new Map<string, ReportedProblem[]>();
    for (const p of summary?.problems ?? []) {
      const list = map.get(p.code);
      if (list) list.push(p);
      else map.set(p.code, [p]);
    }
    return map;
  }, [summary]);

  if (!summary) return null;
  return (
    <section className="panel problems" aria-labelledby="problems-title">
      <h2 id="problems-title">
        Problems <span className="muted">{formatNumber(summary.problemTotal)}</span>
      </h2>
      {summary.groups.length === 0 ? (
        <p className="muted">No problems found.</p>
      ) : (
        <ul className="problem-groups">
          {summary.groups.map((group, i) => (
            <li key={group.code}>
              <ProblemGroupView group={group} problems={byCode.get(group.code) ?? []} open={i < OPEN_GROUPS} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProblemGroupView({ group, problems, open }: { group: ProblemGroup; problems: ReportedProblem[]; open: boolean }) {
  return (
    <details className={`problem-group severity-${group.severity}`} open={open} data-code={group.code}>
      <summary>
        <SeverityBadge severity={group.severity} />
        <code className="problem-code">{group.code}</code>
        <span className="problem-count">{formatNumber(group.count)}</span>
        <span className="problem-title">{group.title}</span>
      </summary>
      <ul className="problem-list">
        {problems.map((p, i) => (
          <li key={i} className="problem">
            {p.place && <code className="problem-place">{p.place}</code>}
            {p.loc && <span className="problem-loc">{p.loc}</span>}
            <span className="problem-message">{p.message}</span>
          </li>
        ))}
      </ul>
      {problems.length < group.count && (
        <p className="muted more">
          Showing {formatNumber(problems.length)} of {plural(group.count, 'occurrence')}.
        </p>
      )}
    </details>
  );
}

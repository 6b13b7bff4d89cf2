import { useId, useMemo } from 'react';
import { ruleFor } from '../../core/rules/registry';
import type { StreamExample } from '../../core/stream/stream-types';
import type { Severity } from '../../core/rules/rule';
import type { RuleCode } from '../../core/rules/registry';
import { formatPlace } from '../../core/rules/problem';
import { describeStreamDuplicates } from '../../core/stream/describe-duplicates';
import { useAppStore } from '../../store/app-store';
import type { StreamOutcome } from '../../worker/stream-protocol';
import { formatBytes, formatErrorsAndWarnings, formatNumber, plural } from '../format';
import { SeverityBadge } from '../problems/SeverityBadge';
import { saveBlob } from '../export/download';
import { LOC_DUPLICATE } from '../../core/rules/loc/loc-rules';

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

interface Group {
  code: RuleCode;
  severity: Severity;
  count: number;
  examples: StreamExample[];
}

/** What the streaming path found (counts per rule, with the first located examples) and the zip it wrote. */
export function StreamResultView({ outcome }: { outcome: StreamOutcome }) {
  const close = useAppStore((s) => s.closeStream);
  const titleId = useId();
  const { report, zip, zipName } = outcome;
  const groups = useMemo(() => {
    const list: Group[] = (Object.entries(report.byCode) as [RuleCode, number][]).map(([code, count]) => {
      const examples = report.examples.filter((e) => e.code === code);
      return { code, count, examples, severity: examples[0]?.severity ?? ruleFor(code).severity };
    });
    return list.sort(
      (a, b) => ORDER[a.severity] - ORDER[b.severity] || b.count - a.count || a.code.localeCompare(b.code),
    );
  }, [report]);
  const sitemaps = report.files.filter((f) => f.kind === 'urlset' || f.kind === 'text' || f.kind === 'csv').length;
  const indexes = report.files.filter((f) => f.kind === 'sitemapindex').length;
  const written = report.written;
  const writtenSitemaps = written?.files.filter((f) => f.kind === 'sitemap').length ?? 0;
  const writtenIndexes = written?.files.filter((f) => f.kind === 'index').length ?? 0;
  const applied = Object.entries(report.fixes?.applied ?? {});
  const duplicates = useMemo(() => describeStreamDuplicates(report.fixes?.duplicates ?? null), [report]);

  return (
    <section className="stream-panel stream-result" aria-labelledby={titleId}>
      <div className="stream-result-head">
        <h2 id={titleId}>Checked without loading into the table</h2>
        <button type="button" className="button button-quiet" onClick={close}>
          Close
        </button>
      </div>
      <p>
        <strong data-testid="stream-url-count">{formatNumber(report.urls)}</strong> URLs in{' '}
        {plural(sitemaps, 'sitemap')}
        {indexes > 0 ? ` and ${plural(indexes, 'index', 'indexes')}` : ''}:{' '}
        <strong data-testid="stream-problem-count">
          {formatErrorsAndWarnings(report.counts.error, report.counts.warning)}
        </strong>
        {report.counts.info > 0 ? ` · ${plural(report.counts.info, 'note')}` : ''}.
      </p>
      {report.fixes && (
        <p data-testid="stream-fixes">
          Fixed:{' '}
          {applied.length > 0 ? applied.map(([code, n]) => `${code} ×${formatNumber(n)}`).join(', ') : 'nothing to fix'}
          {report.fixes.skipped > 0 ? ` (${plural(report.fixes.skipped, 'problem')} could not be fixed safely)` : ''}.
          Left in what was written: {formatErrorsAndWarnings(report.fixes.counts.error, report.fixes.counts.warning)}.
        </p>
      )}
      {report.fixes && report.fixes.dropped.length > 0 && (
        <ul className="stream-duplicates" data-testid="stream-dropped" aria-label="Dropped by the fixes">
          {report.fixes.dropped.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
          {report.fixes.droppedMore > 0 && <li>… and {plural(report.fixes.droppedMore, 'more dropped value')}</li>}
        </ul>
      )}
      {duplicates.length > 0 && (
        <ul className="stream-duplicates" data-testid="stream-duplicates" aria-label="Duplicates">
          {duplicates.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {written && zip && (
        <div className="stream-download">
          <p>
            Wrote {plural(writtenSitemaps, 'sitemap')}
            {writtenIndexes > 0
              ? ` and ${writtenIndexes === 1 ? 'an index' : `${formatNumber(writtenIndexes)} indexes`}`
              : ''}{' '}
            holding {plural(written.urls, 'URL')}, gzipped, with the robots.txt lines to add:
          </p>
          <pre className="stream-robots">{written.robotsTxt}</pre>
          <button type="button" className="button button-primary" onClick={() => saveBlob(zip, zipName)}>
            Download {zipName} ({formatBytes(zip.size)})
          </button>
          {written.problems.length > 0 && (
            <ul className="stream-notes">
              {written.problems.map((p, i) => (
                <li key={i}>{p.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {groups.length > 0 && (
        <ul className="stream-groups" aria-label="Problems by rule">
          {groups.map((g) => (
            <li key={g.code} className="stream-group" data-code={g.code}>
              <span className="group-line">
                <SeverityBadge severity={g.severity} />
                <code className="problem-code">{g.code}</code>
                <span className="stream-count" data-testid={`stream-count-${g.code}`}>
                  {formatNumber(g.count)}
                </span>
                <span className="muted">
                  {ruleFor(g.code).title}
                  {g.code === LOC_DUPLICATE.code ? ' (every copy counts; the examples are the repeats)' : ''}
                </span>
              </span>
              {g.examples.length > 0 && (
                <ul className="stream-examples">
                  {g.examples.map((e, i) => (
                    <li key={i}>
                      {formatPlace(e) && <code className="problem-place">{formatPlace(e)}</code>} {e.message}
                    </li>
                  ))}
                  {g.count > g.examples.length && (
                    <li className="muted">…and {formatNumber(g.count - g.examples.length)} more</li>
                  )}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

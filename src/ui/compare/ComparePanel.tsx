import { useEffect, useState } from 'react';
import { DIFF_FIELDS, type DiffKind } from '../../core/compare/diff-rows';
import { useAppStore } from '../../store/app-store';
import type { CompareSummary } from '../../worker/compare-protocol';
import { saveBytes } from '../export/download';
import { formatNumber, plural } from '../format';
import { BeforeInput } from './BeforeInput';
import { DiffList } from './DiffList';
import { IndexNowPayload } from './IndexNowPayload';
import './compare.css';

const REFRESH_DELAY_MS = 250;

const KINDS: { kind: DiffKind; label: string }[] = [
  { kind: 'added', label: 'Added' },
  { kind: 'changed', label: 'Changed' },
  { kind: 'removed', label: 'Removed' },
];

/**
 * Compare: the rows against a "before" set (e.g. the sitemaps live now).
 * Added and changed URLs are rows of the document, so choosing them filters
 * the table (in the worker); removed ones are not, so the panel lists them.
 */
export function ComparePanel() {
  const summary = useAppStore((s) => s.summary);
  const comparison = useAppStore((s) => s.comparison);
  const task = useAppStore((s) => s.compareTask);
  const progress = useAppStore((s) => s.compareProgress);
  const diffKind = useAppStore((s) => s.query.diffKind ?? null);
  const setQuery = useAppStore((s) => s.setQuery);
  const refreshComparison = useAppStore((s) => s.refreshComparison);
  const clearComparison = useAppStore((s) => s.clearComparison);
  const differencesCsv = useAppStore((s) => s.differencesCsv);
  const [removedOpen, setRemovedOpen] = useState(false);

  // A new summary means the rows changed: the counts follow, computed in the
  // worker once the edits pause (a diff of a million rows takes about half a second).
  useEffect(() => {
    const timer = window.setTimeout(() => void refreshComparison(), REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [summary, refreshComparison]);

  if (!summary) return null;
  const shown: DiffKind | null = diffKind ?? (removedOpen ? 'removed' : null);

  const choose = (kind: DiffKind) => {
    const off = shown === kind;
    setRemovedOpen(!off && kind === 'removed');
    const next = off || kind === 'removed' ? null : kind;
    if (next !== diffKind) void setQuery({ diffKind: next });
  };

  const download = async () => {
    const csv = await differencesCsv();
    if (csv) saveBytes(csv.bytes, csv.fileName, csv.mimeType);
  };

  return (
    <section className="panel compare" aria-labelledby="compare-title" aria-busy={task === 'loading'}>
      <div className="cmp-head">
        <h2 id="compare-title">Compare</h2>
        <BeforeInput disabled={task !== null} />
      </div>
      {task === 'loading' && (
        <p role="status" className="muted">
          Reading the before sitemaps…{progress && progress.urls > 0 ? ` ${plural(progress.urls, 'URL')}` : ''}
        </p>
      )}
      {!comparison ? (
        task !== 'loading' && (
          <p className="muted cmp-intro">
            Load another version of these sitemaps, such as the ones your site serves now, to see which URLs are added,
            removed or changed.
          </p>
        )
      ) : (
        <>
          <BeforeFiles comparison={comparison} />
          <div className="cmp-kinds" role="group" aria-label="Differences">
            {KINDS.map(({ kind, label }) => (
              <button
                key={kind}
                type="button"
                className={`cmp-kind cmp-kind-${kind}`}
                aria-pressed={shown === kind}
                data-testid={`compare-${kind}`}
                onClick={() => choose(kind)}
              >
                <span className="cmp-kind-label">{label}</span>{' '}
                <span className="cmp-kind-count">{formatNumber(comparison[kind])}</span>
              </button>
            ))}
            <span className="cmp-unchanged muted" data-testid="compare-unchanged">
              {formatNumber(comparison.unchanged)} unchanged
            </span>
          </div>
          {comparison.changed > 0 && (
            <p className="cmp-by-field muted" data-testid="compare-fields">
              Changed:{' '}
              {DIFF_FIELDS.filter((f) => comparison.fields[f] > 0)
                .map((f) => `${f === 'ext' ? 'extensions' : f} ${formatNumber(comparison.fields[f])}`)
                .join(' · ')}
            </p>
          )}
          {shown === 'added' && <p className="cmp-note">The table shows the added URLs.</p>}
          {shown === 'changed' && <p className="cmp-note">The table shows the changed URLs; below, what changed.</p>}
          {shown === 'removed' && (
            <p className="cmp-note">Removed URLs are not in your rows any more: they are listed here.</p>
          )}
          {(shown === 'changed' || shown === 'removed') && <DiffList kind={shown} comparison={comparison} />}
          <div className="cmp-actions">
            <button
              type="button"
              className="button button-small"
              disabled={task !== null}
              onClick={() => void download()}
            >
              {task === 'csv' ? 'Writing…' : 'Download differences (CSV)'}
            </button>
            <button
              type="button"
              className="button button-small button-quiet"
              disabled={task !== null}
              onClick={() => {
                setRemovedOpen(false);
                void clearComparison();
              }}
            >
              Clear comparison
            </button>
          </div>
          {comparison.added + comparison.changed > 0 && (
            <IndexNowPayload urls={comparison.added + comparison.changed} disabled={task !== null} />
          )}
        </>
      )}
    </section>
  );
}

/** Which files are "before", and what reading them found worth saying. */
function BeforeFiles({ comparison: c }: { comparison: CompareSummary }) {
  const names = c.files.map((f) => f.name);
  const listed =
    names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${formatNumber(names.length - 3)} more` : names.join(', ');
  return (
    <>
      <p className="cmp-before" data-testid="compare-before">
        Before: <span className="cmp-files">{listed || '(no files)'}</span>{' '}
        <span className="muted">({plural(c.beforeUrls, 'URL')})</span>
      </p>
      {c.beforeProblems > 0 && (
        <p className="cmp-warning">
          Reading the before files found {plural(c.beforeProblems, 'problem')}: what could be read is compared.
        </p>
      )}
      {(c.beforeRepeats > 0 || c.afterRepeats > 0) && (
        <p className="muted cmp-repeats">
          URLs listed more than once are compared by their first entry ({formatNumber(c.beforeRepeats)} repeated before,{' '}
          {formatNumber(c.afterRepeats)} now).
        </p>
      )}
    </>
  );
}

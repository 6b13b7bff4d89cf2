import { useEffect, useState } from 'react';
import { DIFF_FIELDS, type DiffKind } from '../../core/compare/diff-rows';
import { useAppStore } from '../../store/app-store';
import type { CompareSummary } from '../../worker/compare-protocol';
import { saveBytes } from '../export/download';
import { useWords } from '../i18n/words';
import type { MessageId } from '../../i18n/translator';
import { BeforeInput } from './BeforeInput';
import { DiffList } from './DiffList';
import { IndexNowPayload } from './IndexNowPayload';
import './compare.css';

const REFRESH_DELAY_MS = 250;

const KINDS: { kind: DiffKind; label: MessageId }[] = [
  { kind: 'added', label: 'compare.added' },
  { kind: 'changed', label: 'compare.changed' },
  { kind: 'removed', label: 'compare.removed' },
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
  const refreshFromSite = useAppStore((s) => s.refreshFromSite);
  const beforeFromSite = useAppStore((s) => s.beforeFromSite);
  const [removedOpen, setRemovedOpen] = useState(false);
  const words = useWords();

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
        <h2 id="compare-title">{words.t('compare.title')}</h2>
        <BeforeInput disabled={task !== null} />
        {(summary.openedFrom?.length ?? 0) > 0 && (
          <button
            type="button"
            className="button button-small"
            disabled={task !== null}
            onClick={() => void refreshFromSite()}
          >
            {words.t('compare.refreshFromSite')}
          </button>
        )}
      </div>
      {task === 'loading' && (
        <p role="status" className="muted">
          {words.t('compare.reading')}
          {progress && progress.urls > 0 ? ` ${words.t('compare.urls', { count: progress.urls })}` : ''}
        </p>
      )}
      {!comparison ? (
        task !== 'loading' && <p className="muted cmp-intro">{words.t('compare.intro')}</p>
      ) : (
        <>
          <BeforeFiles comparison={comparison} />
          {beforeFromSite && (
            <p className="cmp-note" data-testid="compare-site-sides">
              {words.t('compare.siteSides')}
            </p>
          )}
          <div className="cmp-kinds" role="group" aria-label={words.t('compare.differences')}>
            {KINDS.map(({ kind, label }) => (
              <button
                key={kind}
                type="button"
                className={`cmp-kind cmp-kind-${kind}`}
                aria-pressed={shown === kind}
                data-testid={`compare-${kind}`}
                onClick={() => choose(kind)}
              >
                <span className="cmp-kind-label">{words.t(label)}</span>{' '}
                <span className="cmp-kind-count">{words.n(comparison[kind])}</span>
              </button>
            ))}
            <span className="cmp-unchanged muted" data-testid="compare-unchanged">
              {words.t('compare.unchanged', { count: comparison.unchanged })}
            </span>
          </div>
          {comparison.changed > 0 && (
            <p className="cmp-by-field muted" data-testid="compare-fields">
              {words.t('compare.changedFields')}{' '}
              {DIFF_FIELDS.filter((f) => comparison.fields[f] > 0)
                .map((f) => `${f === 'ext' ? words.t('compare.extensions') : f} ${words.n(comparison.fields[f])}`)
                .join(' · ')}
            </p>
          )}
          {shown === 'added' && <p className="cmp-note">{words.t('compare.showsAdded')}</p>}
          {shown === 'changed' && <p className="cmp-note">{words.t('compare.showsChanged')}</p>}
          {shown === 'removed' && <p className="cmp-note">{words.t('compare.showsRemoved')}</p>}
          {(shown === 'changed' || shown === 'removed') && <DiffList kind={shown} comparison={comparison} />}
          <div className="cmp-actions">
            <button
              type="button"
              className="button button-small"
              disabled={task !== null}
              onClick={() => void download()}
            >
              {words.t(task === 'csv' ? 'compare.writing' : 'compare.downloadCsv')}
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
              {words.t('compare.clear')}
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
  const words = useWords();
  const names = c.files.map((f) => f.name);
  const listed =
    names.length > 3
      ? words.t('compare.andMore', { names: names.slice(0, 3).join(', '), count: names.length - 3 })
      : names.join(', ');
  return (
    <>
      <p className="cmp-before" data-testid="compare-before">
        {words.t('compare.before')} <span className="cmp-files">{listed || words.t('compare.noFiles')}</span>{' '}
        <span className="muted">({words.t('compare.urls', { count: c.beforeUrls })})</span>
      </p>
      {c.beforeProblems > 0 && (
        <p className="cmp-warning">{words.t('compare.beforeProblems', { count: c.beforeProblems })}</p>
      )}
      {(c.beforeRepeats > 0 || c.afterRepeats > 0) && (
        <p className="muted cmp-repeats">
          {words.t('compare.repeats', { before: c.beforeRepeats, after: c.afterRepeats })}
        </p>
      )}
    </>
  );
}

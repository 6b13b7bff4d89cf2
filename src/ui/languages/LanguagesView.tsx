import { useEffect, useId, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import type { ClusterFilter } from '../../worker/languages-protocol';
import { useWords } from '../i18n/words';
import type { MessageId } from '../../i18n/translator';
import { ClusterTable } from './ClusterTable';
import './languages.css';

const FILTERS: { filter: ClusterFilter; label: MessageId }[] = [
  { filter: 'all', label: 'table.allProblems' },
  { filter: 'incomplete', label: 'clusters.incomplete' },
  { filter: 'conflict', label: 'clusters.disagree' },
];

/**
 * Languages: the set's hreflang clusters (pages that are translations of one
 * another), a row each with a column per language, and the two changes that
 * act on all of them at once. A view of the work area, as the diagram is:
 * a cluster wants a column per language, more than a side panel's width.
 */
export function LanguagesView() {
  const summary = useAppStore((s) => s.summary);
  const ask = useAppStore((s) => s.languagesAsk);
  const found = useAppStore((s) => s.languagesSummary);
  const task = useAppStore((s) => s.languagesTask);
  const busy = useAppStore((s) => s.job !== null || s.editTask !== null);
  const load = useAppStore((s) => s.loadLanguages);
  const setAsk = useAppStore((s) => s.setLanguagesAsk);
  const complete = useAppStore((s) => s.completeClusters);
  const setXDefault = useAppStore((s) => s.setXDefault);
  const [xLanguage, setXLanguage] = useState('');
  const prefixId = useId();
  const xId = useId();
  const words = useWords();

  // The rows changed (an edit, an undo, a change made here): the clusters are found again.
  useEffect(() => {
    void load();
  }, [summary, load]);

  const counts = found && {
    all: found.clusters,
    incomplete: found.incomplete,
    conflict: found.conflicts,
  };
  const language = found?.languages.includes(xLanguage) ? xLanguage : (found?.languages[0] ?? '');

  return (
    <section className="panel lg-view" aria-labelledby="lg-title" aria-busy={task !== null}>
      <div className="lg-toolbar">
        <h2 id="lg-title" className="lg-title">
          {words.t('view.languages')}
        </h2>
        {found && (
          <p className="lg-counts" data-testid="cluster-counts">
            {words.t('clusters.counts', {
              clusters: found.clusters,
              languages: found.languages.length,
              incomplete: found.incomplete,
              oneWay: found.oneWay,
              conflicts: found.conflicts,
            })}
          </p>
        )}
      </div>
      <div className="lg-toolbar">
        <div className="lg-filters" role="group" aria-label={words.t('clusters.show')}>
          {FILTERS.map(({ filter, label }) => (
            <button
              key={filter}
              type="button"
              className={`button button-small${ask.filter === filter ? ' button-primary' : ''}`}
              aria-pressed={ask.filter === filter}
              onClick={() => void setAsk({ filter })}
            >
              {words.t(label)}
              {counts ? ` ${words.n(counts[filter])}` : ''}
            </button>
          ))}
        </div>
        <label className="lg-check" htmlFor={prefixId}>
          <input
            id={prefixId}
            type="checkbox"
            checked={ask.byPrefix}
            onChange={(e) => void setAsk({ byPrefix: e.currentTarget.checked })}
          />
          {words.t('clusters.byPrefix')}
        </label>
      </div>
      <div className="lg-toolbar lg-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || !found || found.incomplete === 0}
          title={words.t('clusters.completeTitle')}
          onClick={() => void complete()}
        >
          {words.t('clusters.complete')}
        </button>
        <span className="lg-xdefault">
          <label htmlFor={xId}>{words.t('clusters.xDefaultIn')}</label>
          <select
            id={xId}
            value={language}
            disabled={!found || found.languages.length === 0}
            onChange={(e) => setXLanguage(e.currentTarget.value)}
          >
            {found?.languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button"
            disabled={busy || !found || language === ''}
            onClick={() => void setXDefault({ language })}
          >
            {words.t('clusters.addXDefault')}
          </button>
        </span>
        {found && found.unusableLinks > 0 && (
          <span className="muted lg-note">{words.t('clusters.unusable', { count: found.unusableLinks })}</span>
        )}
      </div>
      {!found ? (
        <p className="muted lg-empty">{task === 'loading' ? words.t('clusters.finding') : ''}</p>
      ) : found.clusters === 0 ? (
        <p className="muted lg-empty" data-testid="clusters-empty">
          {words.t(ask.byPrefix ? 'clusters.noneByPrefix' : 'clusters.none', {
            option: words.t('clusters.byPrefixShort'),
          })}
        </p>
      ) : found.shown === 0 ? (
        <p className="muted lg-empty" data-testid="clusters-empty">
          {words.t(ask.filter === 'incomplete' ? 'clusters.noneIncomplete' : 'clusters.noneDisagree')}
        </p>
      ) : (
        <ClusterTable summary={found} busy={busy} />
      )}
    </section>
  );
}

import { useEffect, useId, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import type { ClusterFilter } from '../../worker/languages-protocol';
import { formatNumber, plural } from '../format';
import { ClusterTable } from './ClusterTable';
import './languages.css';

const FILTERS: { filter: ClusterFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'incomplete', label: 'Incomplete' },
  { filter: 'conflict', label: 'Links disagree' },
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
          Languages
        </h2>
        {found && (
          <p className="lg-counts" data-testid="cluster-counts">
            {plural(found.clusters, 'cluster')} in {plural(found.languages.length, 'language')} ·{' '}
            {formatNumber(found.incomplete)} incomplete
            {found.oneWay > 0 ? ` (${formatNumber(found.oneWay)} with one-way links)` : ''} ·{' '}
            {formatNumber(found.conflicts)} whose links disagree
          </p>
        )}
      </div>
      <div className="lg-toolbar">
        <div className="lg-filters" role="group" aria-label="Show clusters">
          {FILTERS.map(({ filter, label }) => (
            <button
              key={filter}
              type="button"
              className={`button button-small${ask.filter === filter ? ' button-primary' : ''}`}
              aria-pressed={ask.filter === filter}
              onClick={() => void setAsk({ filter })}
            >
              {label}
              {counts ? ` ${formatNumber(counts[filter])}` : ''}
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
          Also by locale path prefix (/en/…, /tr/…)
        </label>
      </div>
      <div className="lg-toolbar lg-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={busy || !found || found.incomplete === 0}
          title="Every page of every cluster lists every page of it (itself included) and its x-default; other elements of the rows are kept"
          onClick={() => void complete()}
        >
          Add return links
        </button>
        <span className="lg-xdefault">
          <label htmlFor={xId}>x-default: the page in</label>
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
            Add x-default
          </button>
        </span>
        {found && found.unusableLinks > 0 && (
          <span className="muted lg-note">
            {plural(found.unusableLinks, 'alternate')} without an absolute http(s) href left out
          </span>
        )}
      </div>
      {!found ? (
        <p className="muted lg-empty">{task === 'loading' ? 'Finding the clusters…' : ''}</p>
      ) : found.clusters === 0 ? (
        <p className="muted lg-empty" data-testid="clusters-empty">
          No hreflang alternates{ask.byPrefix ? ' or locale path prefixes shared by two languages' : ''} in these
          sitemaps.
          {ask.byPrefix ? '' : ' Tick "Also by locale path prefix" to find pages such as /en/about and /tr/about.'}
        </p>
      ) : found.shown === 0 ? (
        <p className="muted lg-empty" data-testid="clusters-empty">
          No cluster is {ask.filter === 'incomplete' ? 'incomplete' : 'in disagreement'}.
        </p>
      ) : (
        <ClusterTable summary={found} busy={busy} />
      )}
    </section>
  );
}

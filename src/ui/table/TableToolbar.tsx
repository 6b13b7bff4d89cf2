import { memo, useEffect, useId, useRef, useState } from 'react';
import { CHANGEFREQ_VALUES } from '../../core/check/changefreq';
import { filtersRows } from '../../core/rules';
import type { RuleCode } from '../../core/types';
import { ALL_ROWS } from '../../core/view/query';
import { NOT_ABSOLUTE_KEY, NOT_ABSOLUTE_LABEL } from '../../core/view/tree';
import { appStore, useAppStore } from '../../store/app-store';
import { LastmodFilterChip } from '../structure/LastmodFilterChip';
import { formatNumber, plural } from '../format';
import { CompareFilterChip } from '../compare/CompareFilterChip';

const TEXT_DEBOUNCE_MS = 200;
const ANY = '*';
const EMPTY = '(empty)';

/** The table's filters and its size. Memoized: the grid re-renders on every scroll, this need not. */
export const TableToolbar = memo(function TableToolbar() {
  const query = useAppStore((s) => s.query);
  const viewCount = useAppStore((s) => s.viewCount);
  const urlCount = useAppStore((s) => s.summary?.urlCount ?? 0);
  const groups = useAppStore((s) => s.summary?.groups);
  const setQuery = useAppStore((s) => s.setQuery);
  const id = useId();

  const prefix = query.prefix ?? '';
  const filtered = query.text !== '' || query.code !== null || query.onlyProblems || query.fieldValue !== null || prefix !== '' || !!query.diffKind || !!query.lastmodPeriod;
  const codes = (groups ?? []).filter((g) => filtersRows(g.code) || g.code === query.code);
  const changefreq = query.fieldValue?.field === 'changefreq' ? (query.fieldValue.value === '' ? EMPTY : query.fieldValue.value) : ANY;

  return (
    <div className="ut-toolbar" role="toolbar" aria-label="Table filters and commands">
      <span className="ut-count" data-testid="view-count" aria-live="polite">
        {formatNumber(viewCount)} of {plural(urlCount, 'URL')}
      </span>
      <CompareFilterChip />
      {prefix !== '' && (
        <span className="ut-branch" data-testid="branch-filter">
          In: <span className="ut-branch-key" title={prefix}>{prefix === NOT_ABSOLUTE_KEY ? NOT_ABSOLUTE_LABEL : prefix}</span>
          <button type="button" className="ut-branch-clear" aria-label="Show every branch" onClick={() => void setQuery({ prefix: '' })}>
            ×
          </button>
        </span>
      )}
      <LastmodFilterChip />
      <TextFilter id={`${id}-text`} />
      <label className="ut-check">
        <input type="checkbox" checked={query.onlyProblems} onChange={(e) => void setQuery({ onlyProblems: e.target.checked })} />
        Only rows with problems
      </label>
      <label className="ut-select">
        <span>Problem</span>
        <select
          value={query.code ?? ''}
          onChange={(e) => void setQuery({ code: e.target.value === '' ? null : (e.target.value as RuleCode) })}
          className={query.code ? 'ut-active' : undefined}
        >
          <option value="">All</option>
          {codes.map((g) => (
            <option key={g.code} value={g.code}>
              {g.code} ({formatNumber(g.count)})
            </option>
          ))}
        </select>
      </label>
      <label className="ut-select">
        <span>changefreq</span>
        <select
          value={changefreq}
          onChange={(e) => {
            const v = e.target.value;
            void setQuery({ fieldValue: v === ANY ? null : { field: 'changefreq', value: v === EMPTY ? '' : v } });
          }}
          className={changefreq !== ANY ? 'ut-active' : undefined}
        >
          <option value={ANY}>Any</option>
          {CHANGEFREQ_VALUES.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
          <option value={EMPTY}>{EMPTY}</option>
        </select>
      </label>
      {filtered && (
        <button type="button" className="button button-quiet ut-clear" onClick={() => void setQuery({ ...ALL_ROWS, sort: query.sort })}>
          Clear filters
        </button>
      )}
    </div>
  );
});

/** Add URL and Delete selected, on the selection's line. */
export const RowCommands = memo(function RowCommands({ onAdd }: { onAdd: () => void }) {
  const selectedCount = useAppStore((s) => s.selected.size);
  const busy = useAppStore((s) => s.job !== null || s.editTask !== null);
  return (
    <span className="ut-commands">
        <button type="button" className="button" onClick={onAdd} disabled={busy}>
          Add URL
        </button>
        <button
          type="button"
          className="button"
          disabled={selectedCount === 0 || busy}
          onClick={() => void appStore.getState().deleteSelected()}
        >
          Delete selected{selectedCount > 0 ? ` (${formatNumber(selectedCount)})` : ''}
        </button>
    </span>
  );
});

/** Typing filters after a short pause; a filter cleared elsewhere clears the field. */
function TextFilter({ id }: { id: string }) {
  const text = useAppStore((s) => s.query.text);
  const [draft, setDraft] = useState(text);
  const sent = useRef(text);

  useEffect(() => {
    if (text !== sent.current) {
      sent.current = text;
      setDraft(text);
    }
  }, [text]);

  useEffect(() => {
    if (draft === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = draft;
      void appStore.getState().setQuery({ text: draft });
    }, TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <span className="ut-text">
      <label htmlFor={id}>Filter URLs</label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder="Text in the URL"
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => setDraft(e.target.value)}
      />
    </span>
  );
}

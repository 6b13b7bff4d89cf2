import { memo, useEffect, useId, useRef, useState } from 'react';
import { filtersRows } from '../../core/rules/registry';
import type { RuleCode } from '../../core/rules/registry';
import { compileLocPattern } from '../../core/view/column-filters';
import { isFiltered } from '../../core/view/query';
import { appStore, useAppStore } from '../../store/app-store';
import { LastmodFilterChip } from '../structure/LastmodFilterChip';
import { useWords } from '../i18n/words';
import { CompareFilterChip } from '../compare/CompareFilterChip';
import { FilterChips } from './FilterChips';
import { branchName, withoutFilters } from './filter-labels';
import { FilterMenu } from './FilterMenu';

const TEXT_DEBOUNCE_MS = 200;

/** The table's filters and its size. Memoized: the grid re-renders on every scroll, this need not. */
export const TableToolbar = memo(function TableToolbar() {
  const query = useAppStore((s) => s.query);
  const viewCount = useAppStore((s) => s.viewCount);
  const urlCount = useAppStore((s) => s.summary?.urlCount ?? 0);
  const groups = useAppStore((s) => s.summary?.groups);
  const setQuery = useAppStore((s) => s.setQuery);
  const id = useId();
  const words = useWords();

  const prefix = query.prefix ?? '';
  const filtered = isFiltered(query);
  const codes = (groups ?? []).filter((g) => filtersRows(g.code) || g.code === query.code);

  return (
    <div className="ut-toolbar" role="toolbar" aria-label={words.t('table.toolbar')}>
      <span className="ut-count" data-testid="view-count" aria-live="polite">
        {words.t('table.viewCount', { shown: viewCount, count: urlCount })}
      </span>
      <CompareFilterChip />
      {prefix !== '' && (
        <span className="ut-branch" data-testid="branch-filter">
          {words.t('table.in')}{' '}
          <span className="ut-branch-key" title={prefix}>
            {branchName(prefix, words)}
          </span>
          <button
            type="button"
            className="ut-branch-clear"
            aria-label={words.t('table.everyBranch')}
            onClick={() => void setQuery({ prefix: '' })}
          >
            ×
          </button>
        </span>
      )}
      <LastmodFilterChip />
      <TextFilter id={`${id}-text`} />
      <label className="ut-check">
        <input
          type="checkbox"
          checked={query.onlyProblems}
          onChange={(e) => void setQuery({ onlyProblems: e.target.checked })}
        />
        {words.t('table.onlyProblems')}
      </label>
      <label className="ut-select">
        <span>{words.t('table.problem')}</span>
        <select
          value={query.code ?? ''}
          onChange={(e) => void setQuery({ code: e.target.value === '' ? null : (e.target.value as RuleCode) })}
          className={query.code ? 'ut-active' : undefined}
        >
          <option value="">{words.t('table.allProblems')}</option>
          {codes.map((g) => (
            <option key={g.code} value={g.code}>
              {g.code} ({words.n(g.count)})
            </option>
          ))}
          {/* A code whose rows a fix cleared stays chosen, at 0, as the Problems panel keeps its group. */}
          {query.code && !codes.some((g) => g.code === query.code) && (
            <option value={query.code}>{query.code} (0)</option>
          )}
        </select>
      </label>
      <FilterMenu />
      {filtered && (
        // The chips and their Clear on one line: the chips scroll sideways rather than wrap.
        <span className="ut-chip-line">
          <FilterChips />
          <button
            type="button"
            className="button button-quiet ut-clear"
            onClick={() => void setQuery(withoutFilters(query))}
          >
            {words.t('filters.clear')}
          </button>
        </span>
      )}
    </div>
  );
});

/** Add URL and Delete selected, on the selection's line. */
export const RowCommands = memo(function RowCommands({ onAdd }: { onAdd: () => void }) {
  const selectedCount = useAppStore((s) => s.selected.size);
  const busy = useAppStore((s) => s.job !== null || s.editTask !== null);
  const words = useWords();
  return (
    <span className="ut-commands">
      <button type="button" className="button" onClick={onAdd} disabled={busy}>
        {words.t('table.addUrl')}
      </button>
      <button
        type="button"
        className="button"
        disabled={selectedCount === 0 || busy}
        onClick={() => void appStore.getState().deleteSelected()}
      >
        {words.t('table.deleteSelected')}
        {selectedCount > 0 ? ` (${words.n(selectedCount)})` : ''}
      </button>
    </span>
  );
});

/**
 * Typing filters after a short pause; a filter cleared elsewhere clears the
 * field. With "Regex" on, the text is a regular expression: one that does
 * not compile (or is refused, see compileLocPattern) is not sent, and the
 * field says why; so does a pattern the worker stopped.
 */
function TextFilter({ id }: { id: string }) {
  const text = useAppStore((s) => s.query.text);
  const regex = useAppStore((s) => s.query.regex ?? false);
  const refused = useAppStore((s) => s.queryError);
  const [draft, setDraft] = useState(text);
  const [draftRegex, setDraftRegex] = useState(regex);
  const sent = useRef({ text, regex });
  const words = useWords();

  useEffect(() => {
    if (text !== sent.current.text || regex !== sent.current.regex) {
      sent.current = { text, regex };
      setDraft(text);
      setDraftRegex(regex);
    }
  }, [text, regex]);

  const pattern = draftRegex && draft !== '' ? compileLocPattern(draft) : null;
  const invalid = pattern && !pattern.ok ? pattern.error : null;

  useEffect(() => {
    // A pattern being typed is often invalid for a moment: the table then shows every URL, not the last valid pattern's.
    const next = invalid ? { text: '', regex: draftRegex } : { text: draft, regex: draftRegex };
    if (next.text === sent.current.text && next.regex === sent.current.regex) return;
    const timer = setTimeout(() => {
      sent.current = next;
      void appStore.getState().setQuery(next);
    }, TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, draftRegex, invalid]);

  const message = invalid ?? (refused && draftRegex ? refused : null);
  return (
    <span className="ut-text">
      <label htmlFor={id}>{words.t('table.filterUrls')}</label>
      <input
        id={id}
        type="search"
        value={draft}
        placeholder={words.t(draftRegex ? 'table.regexPlaceholder' : 'table.textPlaceholder')}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className={message ? 'ut-invalid' : undefined}
        onChange={(e) => setDraft(e.target.value)}
      />
      <label className="ut-check ut-regex" title={words.t('table.regexTitle')}>
        <input type="checkbox" checked={draftRegex} onChange={(e) => setDraftRegex(e.target.checked)} />
        {words.t('table.regex')}
      </label>
      {message && (
        <span id={`${id}-error`} className="ut-regex-error" role="alert" data-testid="regex-error" title={message}>
          {words.t('table.noFilterApplied', { message })}
        </span>
      )}
    </span>
  );
}

import { useId } from 'react';
import { useMenuPanel } from './useMenuPanel';
import { CHANGEFREQ_VALUES } from '../../core/rules/changefreq/changefreq-rules';
import { EXT_KINDS, type ExtKind } from '../../core/view/column-filters';
import { useAppStore } from '../../store/app-store';
import { EXT_KIND_LABELS } from './filter-labels';
import './filters.css';
import { useWords } from '../i18n/words';

const ANY = '*';
const MISSING = '(missing)';
const EMPTY = '(empty)';
const PRIORITIES = Array.from({ length: 11 }, (_, k) => (k / 10).toFixed(1));
/** Files rows can come from: an index's entries and site data are not rows of the table. */
const ROW_KINDS = new Set(['urlset', 'text', 'csv', 'rss', 'atom']);

/**
 * The "More filters" button and its panel: a filter by value for the columns
 * the toolbar has no field for (lastmod, changefreq, priority, source file,
 * extensions); in a menu so that the toolbar keeps to one line at 1366 px.
 * Each field applies at once; the chips show and clear what is active.
 */
export function FilterMenu() {
  const { open, setOpen, rootRef, buttonRef, onKeyDown } = useMenuPanel();
  const id = useId();
  const query = useAppStore((s) => s.query);
  const files = useAppStore((s) => s.summary?.files);
  const setQuery = useAppStore((s) => s.setQuery);
  const words = useWords();

  const changefreq =
    query.fieldValue?.field === 'changefreq' ? (query.fieldValue.value === '' ? EMPTY : query.fieldValue.value) : ANY;
  const active = [
    query.fieldValue,
    query.lastmodBefore,
    query.lastmodAfter,
    query.lastmodMissing,
    query.lastmodPeriod,
    query.priority != null,
    query.file != null,
    query.ext,
  ].filter(Boolean).length;
  const rowFiles = (files ?? []).map((f, index) => ({ ...f, index })).filter((f) => ROW_KINDS.has(f.kind));

  return (
    <div className="ut-filters" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={`button button-small${active > 0 ? ' ut-on' : ''}`}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {words.t('filters.more')}
        {active > 0 ? ` (${words.n(active)})` : ''}
      </button>
      {open && (
        <div id={`${id}-panel`} className="ut-filters-panel" role="group" aria-label={words.t('filters.byColumn')}>
          <fieldset>
            <legend>lastmod</legend>
            <label>
              <span>{words.t('filters.after')}</span>
              <input
                type="date"
                aria-label={words.t('filters.lastmodAfter')}
                value={query.lastmodAfter ?? ''}
                onChange={(e) => void setQuery({ lastmodAfter: e.target.value })}
              />
            </label>
            <label>
              <span>{words.t('filters.before')}</span>
              <input
                type="date"
                aria-label={words.t('filters.lastmodBefore')}
                value={query.lastmodBefore ?? ''}
                onChange={(e) => void setQuery({ lastmodBefore: e.target.value })}
              />
            </label>
            <label>
              <span>{words.t('filters.inMonth')}</span>
              <input
                type="month"
                aria-label={words.t('filters.lastmodMonth')}
                value={/^\d{4}-\d{2}$/.test(query.lastmodPeriod ?? '') ? query.lastmodPeriod : ''}
                onChange={(e) => void setQuery({ lastmodPeriod: e.target.value })}
              />
            </label>
            <label className="ut-filters-check">
              <input
                type="checkbox"
                checked={query.lastmodMissing ?? false}
                onChange={(e) => void setQuery({ lastmodMissing: e.target.checked })}
              />
              {words.t('filters.lastmodMissing')}
            </label>
          </fieldset>
          <label>
            <span>changefreq</span>
            <select
              value={changefreq}
              onChange={(e) => {
                const v = e.target.value;
                void setQuery({ fieldValue: v === ANY ? null : { field: 'changefreq', value: v === EMPTY ? '' : v } });
              }}
            >
              <option value={ANY}>{words.t('filters.any')}</option>
              {CHANGEFREQ_VALUES.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
              <option value={EMPTY}>{words.t('value.empty')}</option>
            </select>
          </label>
          <label>
            <span>priority</span>
            <select
              value={query.priority == null ? ANY : query.priority === '' ? MISSING : query.priority}
              onChange={(e) => {
                const v = e.target.value;
                void setQuery({ priority: v === ANY ? null : v === MISSING ? '' : v });
              }}
            >
              <option value={ANY}>{words.t('filters.any')}</option>
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
              <option value={MISSING}>{words.t('value.missing')}</option>
            </select>
          </label>
          <label>
            <span>{words.t('filters.sourceFile')}</span>
            <select
              value={query.file == null ? ANY : String(query.file)}
              onChange={(e) => void setQuery({ file: e.target.value === ANY ? null : Number(e.target.value) })}
            >
              <option value={ANY}>{words.t('filters.any')}</option>
              {rowFiles.map((f) => (
                <option key={f.index} value={String(f.index)}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{words.t('filters.hasLabel')}</span>
            <select
              value={query.ext ?? ANY}
              onChange={(e) => void setQuery({ ext: e.target.value === ANY ? null : (e.target.value as ExtKind) })}
            >
              <option value={ANY}>{words.t('filters.anything')}</option>
              {EXT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {words.t(EXT_KIND_LABELS[k])}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
    </div>
  );
}

import { isFiltered } from '../../core/view/query';
import { useAppStore } from '../../store/app-store';
import { activeFilters, withoutFilters } from './filter-labels';
import { useWords } from '../i18n/words';

/**
 * What the table says when it shows no row: which filters match nothing,
 * whether a change (Fix all on a problem filter, typically) is what cleared
 * them, and a button that clears the filters.
 */
export function EmptyView() {
  const query = useAppStore((s) => s.query);
  const files = useAppStore((s) => s.summary?.files);
  const emptied = useAppStore((s) => s.emptiedByChange);
  const lastChange = useAppStore((s) => s.history.undoLabel);
  const setQuery = useAppStore((s) => s.setQuery);
  const words = useWords();
  if (!isFiltered(query)) return <p className="ut-empty muted">{words.t('table.noUrls')}</p>;
  const filters = activeFilters(query, files ?? [], words);
  const names = filters.map((f) => words.t('quoted', { text: f.label })).join(words.t('list.separator'));
  const count = filters.length;
  // The history's labels are core's, in English: a fix's starts with "Fix".
  const cause = !emptied ? 'none' : lastChange?.startsWith('Fix') ? 'fix' : 'change';
  return (
    <div className="ut-empty" role="status" data-testid="empty-view">
      <p>{words.t('table.noMatch', { count, names, cause })}</p>
      <button type="button" className="button button-small" onClick={() => void setQuery(withoutFilters(query))}>
        {words.t(count === 1 ? 'table.clearFilter' : 'table.clearTheFilters')}
      </button>
    </div>
  );
}

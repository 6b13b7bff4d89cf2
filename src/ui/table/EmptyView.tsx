import { isFiltered } from '../../core/view/query';
import { useAppStore } from '../../store/app-store';
import { activeFilters, withoutFilters } from './filter-labels';

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
  if (!isFiltered(query)) return <p className="ut-empty muted">There are no URLs.</p>;
  const filters = activeFilters(query, files ?? []);
  const names = filters.map((f) => `“${f.label}”`).join(', ');
  const cause = !emptied
    ? ''
    : lastChange?.startsWith('Fix')
      ? ' — the fix cleared them'
      : ' — the last change cleared them';
  return (
    <div className="ut-empty" role="status" data-testid="empty-view">
      <p>
        No URLs match {filters.length === 1 ? 'the filter' : 'the filters'} {names}
        {cause}.
      </p>
      <button type="button" className="button button-small" onClick={() => void setQuery(withoutFilters(query))}>
        {filters.length === 1 ? 'Clear filter' : 'Clear the filters'}
      </button>
    </div>
  );
}

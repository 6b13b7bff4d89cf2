import { useAppStore } from '../../store/app-store';

/** The table's lastmod filter (a bar chosen in the lastmod chart), shown among the table's filters with a way out. */
export function LastmodFilterChip() {
  const period = useAppStore((s) => s.query.lastmodPeriod ?? '');
  const setQuery = useAppStore((s) => s.setQuery);
  if (period === '') return null;
  return (
    <span className="ut-branch" data-testid="lastmod-filter">
      Lastmod in: <span className="ut-branch-key">{period}</span>
      <button
        type="button"
        className="ut-branch-clear"
        aria-label="Show every lastmod"
        onClick={() => void setQuery({ lastmodPeriod: '' })}
      >
        ×
      </button>
    </span>
  );
}

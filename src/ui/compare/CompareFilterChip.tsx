import { useAppStore } from '../../store/app-store';

/** The table's filter by comparison, as a chip in its toolbar, with a way out. */
export function CompareFilterChip() {
  const diffKind = useAppStore((s) => s.query.diffKind ?? null);
  const setQuery = useAppStore((s) => s.setQuery);
  if (!diffKind) return null;
  return (
    <span className="ut-branch" data-testid="compare-filter">
      Compare: {diffKind}
      <button
        type="button"
        className="ut-branch-clear"
        aria-label="Show every row, not only the compared ones"
        onClick={() => void setQuery({ diffKind: null })}
      >
        ×
      </button>
    </span>
  );
}

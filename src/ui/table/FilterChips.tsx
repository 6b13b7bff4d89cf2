import { useAppStore } from '../../store/app-store';
import { activeFilters } from './filter-labels';

/**
 * The active filters as chips, on one line, each with a button that clears
 * it alone. Filters with a chip of their own (branch, lastmod bar,
 * comparison) are left to it.
 */
export function FilterChips() {
  const query = useAppStore((s) => s.query);
  const files = useAppStore((s) => s.summary?.files);
  const setQuery = useAppStore((s) => s.setQuery);
  const chips = activeFilters(query, files ?? []).filter((f) => !f.ownChip);
  if (chips.length === 0) return null;
  return (
    <ul className="ut-chips" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key} className="ut-chip" data-testid="filter-chip" title={chip.label}>
          <span className="ut-chip-label">{chip.label}</span>
          <button
            type="button"
            className="ut-branch-clear"
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => void setQuery(chip.clear)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

import { useAppStore } from '../../store/app-store';
import { activeFilters } from './filter-labels';
import { useWords } from '../i18n/words';

/**
 * The active filters as chips, on one line, each with a button that clears
 * it alone. Filters with a chip of their own (branch, lastmod bar,
 * comparison) are left to it.
 */
export function FilterChips() {
  const query = useAppStore((s) => s.query);
  const files = useAppStore((s) => s.summary?.files);
  const setQuery = useAppStore((s) => s.setQuery);
  const words = useWords();
  const chips = activeFilters(query, files ?? [], words).filter((f) => !f.ownChip);
  if (chips.length === 0) return null;
  return (
    <ul className="ut-chips" aria-label={words.t('filters.active')}>
      {chips.map((chip) => (
        <li key={chip.key} className="ut-chip" data-testid="filter-chip" title={chip.label}>
          <span className="ut-chip-label">{chip.label}</span>
          <button
            type="button"
            className="ut-branch-clear"
            aria-label={words.t('filters.remove', { label: chip.label })}
            onClick={() => void setQuery(chip.clear)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

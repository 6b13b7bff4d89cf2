import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

/** The table's filter by comparison, as a chip in its toolbar, with a way out. */
export function CompareFilterChip() {
  const diffKind = useAppStore((s) => s.query.diffKind ?? null);
  const setQuery = useAppStore((s) => s.setQuery);
  const words = useWords();
  if (!diffKind) return null;
  return (
    <span className="ut-branch" data-testid="compare-filter">
      {words.t('compare.chip', { kind: diffKind })}
      <button
        type="button"
        className="ut-branch-clear"
        aria-label={words.t('compare.chipClear')}
        onClick={() => void setQuery({ diffKind: null })}
      >
        ×
      </button>
    </span>
  );
}

import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

/** The table's lastmod filter (a bar chosen in the lastmod chart), shown among the table's filters with a way out. */
export function LastmodFilterChip() {
  const period = useAppStore((s) => s.query.lastmodPeriod ?? '');
  const setQuery = useAppStore((s) => s.setQuery);
  const words = useWords();
  if (period === '') return null;
  return (
    <span className="ut-branch" data-testid="lastmod-filter">
      {words.t('lastmod.chip')} <span className="ut-branch-key">{period}</span>
      <button
        type="button"
        className="ut-branch-clear"
        aria-label={words.t('lastmod.chipClear')}
        onClick={() => void setQuery({ lastmodPeriod: '' })}
      >
        ×
      </button>
    </span>
  );
}

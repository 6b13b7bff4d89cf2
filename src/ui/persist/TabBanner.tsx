import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

const WHY = { 'open-elsewhere': 'tabs.openElsewhere', 'taken-over': 'tabs.takenOver' } as const;

/** Says why this tab is read-only (another tab owns the document), with the way to take it over. */
export function TabBanner() {
  const why = useAppStore((s) => s.readOnlyWhy);
  const takingOver = useAppStore((s) => s.takingOver);
  const takeOver = useAppStore((s) => s.takeOver);
  const words = useWords();
  if (why === null) return null;
  return (
    <div className="notice notice-error" role="alert" data-testid="tab-read-only">
      <span>{words.t(WHY[why])}</span>
      <button type="button" className="button" disabled={takingOver} onClick={() => void takeOver()}>
        {words.t(takingOver ? 'tabs.takingOver' : 'tabs.takeOver')}
      </button>
    </div>
  );
}

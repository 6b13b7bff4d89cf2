import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

/** Table | Diagram | Languages: what the work area shows. */
export function ViewToggle() {
  const view = useAppStore((s) => s.mainView);
  const setView = useAppStore((s) => s.setMainView);
  const words = useWords();
  return (
    <div className="dg-toggle-view" role="group" aria-label={words.t('view.label')}>
      <button
        type="button"
        className={`button${view === 'table' ? ' button-primary' : ''}`}
        aria-pressed={view === 'table'}
        onClick={() => setView('table')}
      >
        {words.t('view.table')}
      </button>
      <button
        type="button"
        className={`button${view === 'diagram' ? ' button-primary' : ''}`}
        aria-pressed={view === 'diagram'}
        onClick={() => setView('diagram')}
      >
        {words.t('view.diagram')}
      </button>
      <button
        type="button"
        className={`button${view === 'languages' ? ' button-primary' : ''}`}
        aria-pressed={view === 'languages'}
        onClick={() => setView('languages')}
      >
        {words.t('view.languages')}
      </button>
    </div>
  );
}

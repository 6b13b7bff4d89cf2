import { useAppStore } from '../../store/app-store';

/** Table | Diagram | Languages: what the work area shows. */
export function ViewToggle() {
  const view = useAppStore((s) => s.mainView);
  const setView = useAppStore((s) => s.setMainView);
  return (
    <div className="dg-toggle-view" role="group" aria-label="View">
      <button
        type="button"
        className={`button${view === 'table' ? ' button-primary' : ''}`}
        aria-pressed={view === 'table'}
        onClick={() => setView('table')}
      >
        Table
      </button>
      <button
        type="button"
        className={`button${view === 'diagram' ? ' button-primary' : ''}`}
        aria-pressed={view === 'diagram'}
        onClick={() => setView('diagram')}
      >
        Diagram
      </button>
      <button
        type="button"
        className={`button${view === 'languages' ? ' button-primary' : ''}`}
        aria-pressed={view === 'languages'}
        onClick={() => setView('languages')}
      >
        Languages
      </button>
    </div>
  );
}

import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store';

/** The toolbar's Undo and Redo buttons; their titles say what they would do. */
export function UndoButtons() {
  const { history, ready } = useAppStore(
    useShallow((s) => ({ history: s.history, ready: s.summary !== null && s.job === null && s.editTask === null })),
  );
  const undo = useAppStore((s) => s.undo);
  const redo = useAppStore((s) => s.redo);
  const canUndo = ready && history.canUndo;
  const canRedo = ready && history.canRedo;
  return (
    <div className="history-buttons" role="group" aria-label="History">
      <button
        type="button"
        className="button"
        disabled={!canUndo}
        title={history.undoLabel ? `Undo: ${history.undoLabel}` : 'Nothing to undo'}
        aria-keyshortcuts="Control+Z"
        onClick={() => void undo()}
      >
        <span aria-hidden="true">↶</span>Undo
      </button>
      <button
        type="button"
        className="button"
        disabled={!canRedo}
        title={history.redoLabel ? `Redo: ${history.redoLabel}` : 'Nothing to redo'}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        onClick={() => void redo()}
      >
        <span aria-hidden="true">↷</span>Redo
      </button>
    </div>
  );
}

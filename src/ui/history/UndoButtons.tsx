import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

/** The toolbar's Undo and Redo buttons; their titles say what they would do. */
export function UndoButtons() {
  const { history, ready } = useAppStore(
    useShallow((s) => ({ history: s.history, ready: s.summary !== null && s.job === null && s.editTask === null })),
  );
  const undo = useAppStore((s) => s.undo);
  const redo = useAppStore((s) => s.redo);
  const words = useWords();
  const canUndo = ready && history.canUndo;
  const canRedo = ready && history.canRedo;
  return (
    <div className="history-buttons" role="group" aria-label={words.t('history.group')}>
      <button
        type="button"
        className="button"
        disabled={!canUndo}
        title={
          history.undoLabel
            ? words.t('history.undoTitle', { label: history.undoLabel })
            : words.t('history.nothingToUndo')
        }
        aria-keyshortcuts="Control+Z"
        onClick={() => void undo()}
      >
        <span aria-hidden="true">↶</span>
        {words.t('history.undo')}
      </button>
      <button
        type="button"
        className="button"
        disabled={!canRedo}
        title={
          history.redoLabel
            ? words.t('history.redoTitle', { label: history.redoLabel })
            : words.t('history.nothingToRedo')
        }
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        onClick={() => void redo()}
      >
        <span aria-hidden="true">↷</span>
        {words.t('history.redo')}
      </button>
    </div>
  );
}

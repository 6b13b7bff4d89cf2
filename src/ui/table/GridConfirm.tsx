import { useId } from 'react';
import { useModalDialog } from '../useModalDialog';
import { useWords } from '../i18n/words';

/** A question the grid asks before a large paste or fill. */
export interface Confirmation {
  title: string;
  lines: string[];
  /** Values the rules will flag, one line each. */
  invalid: string[];
  /** The confirm button's text. */
  action: string;
  run: () => void;
}

/**
 * The grid's in-page confirmation (not `window.confirm`, which a test
 * cannot read and which blocks the page). Closing it returns the focus to
 * the cell it was asked from.
 */
export function GridConfirm({ ask, onClose }: { ask: Confirmation | null; onClose: () => void }) {
  const ref = useModalDialog(ask !== null);
  const titleId = useId();
  const words = useWords();
  return (
    <dialog
      ref={ref}
      className="export-dialog grid-confirm"
      aria-labelledby={titleId}
      aria-modal="true"
      onClose={onClose}
    >
      {ask && (
        <form
          className="export-body"
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            onClose();
            ask.run();
          }}
        >
          <div className="dialog-head">
            <h2 id={titleId}>{ask.title}</h2>
          </div>
          <div className="dialog-scroll">
            {ask.lines.map((line) => (
              <p key={line} className="grid-confirm-line">
                {line}
              </p>
            ))}
            {ask.invalid.length > 0 && (
              <ul className="grid-confirm-invalid" aria-label={words.t('paste.invalidValues')}>
                {ask.invalid.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
          <div className="dialog-foot">
            <div className="foot-actions">
              <button type="button" className="button" onClick={onClose}>
                {words.t('action.cancel')}
              </button>
              {/* The action is the expected answer: Enter confirms. */}
              <button type="submit" className="button button-primary" autoFocus>
                {ask.action}
              </button>
            </div>
          </div>
        </form>
      )}
    </dialog>
  );
}

import { Fragment, useEffect, useId, useState } from 'react';
import { useModalDialog } from '../useModalDialog';
import { SHORTCUTS } from './shortcuts';
import './help.css';
import { useWords } from '../i18n/words';

/** Where `?` is text, not a command. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type))
  );
}

/**
 * The header's Keyboard shortcuts button and the sheet it opens: every key
 * of the grid and the app. `?` outside a text field opens it too; closing
 * returns the focus where it was.
 */
export function ShortcutSheet() {
  const [open, setOpen] = useState(false);
  const ref = useModalDialog(open);
  const titleId = useId();
  const words = useWords();

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || typingIn(e.target)) return;
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        className="button button-small shortcut-button"
        aria-keyshortcuts="?"
        aria-haspopup="dialog"
        title={words.t('shortcuts.buttonTitle')}
        onClick={() => setOpen(true)}
      >
        {words.t('shortcuts.title')}
      </button>
      <dialog
        ref={ref}
        className="export-dialog shortcut-sheet"
        aria-labelledby={titleId}
        aria-modal="true"
        onClose={() => setOpen(false)}
      >
        {open && (
          <div className="export-body">
            <div className="dialog-head">
              <h2 id={titleId}>{words.t('shortcuts.title')}</h2>
              <p className="muted">{words.t('shortcuts.mac')}</p>
            </div>
            <div
              className="dialog-scroll shortcut-groups"
              tabIndex={0}
              role="region"
              aria-label={words.t('shortcuts.every')}
            >
              {SHORTCUTS.map((group) => (
                <table key={group.title} className="shortcut-table">
                  <caption>{words.t(group.title)}</caption>
                  <tbody>
                    {group.items.map((item) => (
                      <tr key={item.does}>
                        <th scope="row">
                          {item.keys.map((key, i) => (
                            <Fragment key={i}>
                              {i > 0 && <span className="muted"> {words.t('shortcuts.or')} </span>}
                              <kbd>{typeof key === 'string' ? key : words.t(key.word)}</kbd>
                            </Fragment>
                          ))}
                        </th>
                        <td>{words.t(item.does)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ))}
            </div>
            <div className="dialog-foot">
              <div className="foot-actions">
                <button type="button" className="button button-primary" onClick={() => setOpen(false)}>
                  {words.t('action.close')}
                </button>
              </div>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

/**
 * "Clear": forgets every row and the copy saved in this browser, after asking
 * in the page (not window.confirm, which blocks the page and tests cannot style).
 */
export function ClearButton() {
  const urlCount = useAppStore((s) => s.summary?.urlCount ?? null);
  const busy = useAppStore((s) => s.job !== null || s.editTask !== null);
  const clearDocument = useAppStore((s) => s.clearDocument);
  const [asking, setAsking] = useState(false);
  const words = useWords();
  const keepRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) keepRef.current?.focus();
  }, [asking]);

  if (urlCount === null) return null;
  return (
    <span className="clear-document">
      <button type="button" className="button" disabled={busy} onClick={() => setAsking(true)} aria-expanded={asking}>
        {words.t('clear.button')}
      </button>
      {asking && (
        <div
          className="confirm-popover"
          role="alertdialog"
          aria-modal="false"
          aria-labelledby="clear-title"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setAsking(false);
          }}
        >
          <p id="clear-title">{words.t('clear.ask', { count: urlCount })}</p>
          <div className="confirm-actions">
            <button type="button" className="button" ref={keepRef} onClick={() => setAsking(false)}>
              {words.t('clear.keep')}
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                setAsking(false);
                void clearDocument();
              }}
            >
              {words.t('clear.confirm')}
            </button>
          </div>
        </div>
      )}
    </span>
  );
}

import { useEffect } from 'react';
import { appStore, useAppStore } from '../../store/app-store';
import { formatSavedAt } from '../../store/persist-slice';

/** "Saved 12:03:41" in the header: when the work was last written to this browser's storage. */
export function SaveStatus() {
  const save = useAppStore((s) => s.save);
  const hasDocument = useAppStore((s) => s.summary !== null);
  useLeaveWhileSaving(save.state === 'pending');
  if (save.state === 'failed') {
    return (
      <span className="save-status save-status-failed" data-testid="save-status" title={save.message ?? undefined}>
        Not saved (kept in memory only)
      </span>
    );
  }
  if (save.state === 'pending') return <span className="save-status muted" data-testid="save-status">Saving…</span>;
  if (save.savedAt !== null && hasDocument) {
    return (
      <span className="save-status muted" data-testid="save-status" title="Saved in this browser; it comes back when you open the page again.">
        Saved {formatSavedAt(save.savedAt)}
      </span>
    );
  }
  return null;
}

/**
 * While a change is not yet written, leaving the page asks first (the
 * browser's own prompt: the only one allowed there), and the worker is told
 * to write it at once, so it is likely done by the time the user answers.
 */
function useLeaveWhileSaving(pending: boolean): void {
  useEffect(() => {
    if (!pending) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      appStore.getState().flushSave();
      event.preventDefault();
      // Older Chromium versions want a returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [pending]);
}

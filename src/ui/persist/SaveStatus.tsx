import { useEffect } from 'react';
import { appStore, useAppStore } from '../../store/app-store';
import { formatSavedAt } from '../../store/saved-words';
import { useWords } from '../i18n/words';

/** "Saved 12:03:41" in the header: when the work was last written to this browser's storage. */
export function SaveStatus() {
  const save = useAppStore((s) => s.save);
  const hasDocument = useAppStore((s) => s.summary !== null);
  const words = useWords();
  // After a failed save the work is only in memory: leaving asks first, as while a save waits.
  useLeaveWhileSaving(save.state === 'pending' || (save.state === 'failed' && hasDocument));
  useFlushWhenHidden();
  if (save.state === 'failed') {
    return (
      <span
        className="save-status save-status-failed"
        data-testid="save-status"
        title={save.message ? words.text(save.message) : undefined}
      >
        {words.t('save.notSaved')}
      </span>
    );
  }
  if (save.state === 'pending')
    return (
      <span className="save-status muted" data-testid="save-status">
        {words.t('save.saving')}
      </span>
    );
  if (save.savedAt !== null && hasDocument) {
    return (
      <span className="save-status muted" data-testid="save-status" title={words.t('save.savedTitle')}>
        {words.t('save.saved', { when: formatSavedAt(save.savedAt) })}
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

/**
 * A tab that is hidden may be killed without another event (mobile browsers,
 * tab discarding, a closed laptop): a save still waiting for its quiet time
 * is written the moment the page is hidden or left, so the last change is
 * not lost with it.
 */
function useFlushWhenHidden(): void {
  useEffect(() => {
    const flush = () => appStore.getState().flushSave();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}

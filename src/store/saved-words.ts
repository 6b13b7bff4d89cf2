import type { Message } from '../core/base/message';
import { msg } from '../i18n/translator';
import type { RestoreOutcome } from '../worker/protocol';

/** "12:03:41" (today) or "3 Mar 2026, 12:03:41": local time, written as the page's language writes it. */
export function formatSavedAt(ms: number, now = Date.now()): Message {
  const today = new Date(now).toDateString() === new Date(ms).toDateString();
  return msg(today ? 'time.today' : 'time.onDay', { at: ms });
}

/** "Restored your work from 12:03:41, with 12 undo steps and the comparison.": what came back. */
export function restoredText(outcome: RestoreOutcome, now = Date.now()): Message {
  const parts: Message[] = [];
  if (outcome.undoSteps) parts.push(msg('restore.undoSteps', { count: outcome.undoSteps }));
  if (outcome.redoSteps) parts.push(msg('restore.redoSteps', { count: outcome.redoSteps }));
  if (outcome.comparison) parts.push(msg('restore.comparison'));
  const when = formatSavedAt(outcome.savedAt ?? now, now);
  const [a, b, c] = parts;
  if (!a) return msg('restore.restored', { when });
  const what = !b ? a : !c ? msg('list.and2', { a, b }) : msg('list.and3', { a, b, c });
  return msg('restore.restoredWith', { when, what });
}

/** Said after every storage failure: nothing is lost yet, but nothing is kept either. */
export const IN_MEMORY = msg('save.inMemory');

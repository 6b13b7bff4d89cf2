import type { RestoreOutcome } from '../worker/protocol';

/** "12:03:41" (today) or "3 Mar 2026, 12:03:41": local time, the same whatever the browser's language. */
export function formatSavedAt(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  if (new Date(now).toDateString() === d.toDateString()) return time;
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getMonth()];
  return `${d.getDate()} ${month} ${d.getFullYear()}, ${time}`;
}

/** "Restored your work from 12:03:41, with 12 undo steps and the comparison.": what came back. */
export function restoredText(outcome: RestoreOutcome, now = Date.now()): string {
  const parts: string[] = [];
  const steps = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what} ${n === 1 ? 'step' : 'steps'}`;
  if (outcome.undoSteps) parts.push(steps(outcome.undoSteps, 'undo'));
  if (outcome.redoSteps) parts.push(steps(outcome.redoSteps, 'redo'));
  if (outcome.comparison) parts.push('the comparison');
  const last = parts.pop();
  const what = last === undefined ? '' : `, with ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`;
  return `Restored your work from ${formatSavedAt(outcome.savedAt ?? now, now)}${what}.`;
}

/** Said after every storage failure: nothing is lost yet, but nothing is kept either. */
export const IN_MEMORY = 'The app keeps working, but only in memory: export your sitemaps before closing the tab.';

/** The grid's one tab stop: its focused cell, or the first drawn row's. */
function tableStop(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[role="grid"] [role="gridcell"][tabindex="0"]');
}

/**
 * Moves the focus to the table's tab stop once it is drawn (the rows come
 * from the worker a few frames after a load), else to the main content, so
 * the focus is never left on a control that went away.
 */
export function focusTable(frames = 60): void {
  const cell = tableStop();
  if (cell) cell.focus();
  else if (frames > 0) requestAnimationFrame(() => focusTable(frames - 1));
  else document.getElementById('main')?.focus();
}

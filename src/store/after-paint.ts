/**
 * Runs `fn` once the frame being prepared has been painted: a timer set from
 * an animation frame callback fires in the task after that frame. Where
 * there are no frames (Node: the store's tests), in the next task.
 */
export function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(fn, 0));
  else setTimeout(fn, 0);
}

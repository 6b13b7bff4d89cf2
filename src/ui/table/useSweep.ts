import { useEffect, useState } from 'react';

/** Jumps of more than a window this close together are a sweep to useRowFetch: it fetches the window drawn once they stop this long. */
export const SWEEP_MS = 60;
/**
 * The same for drawing, longer: a frame that draws whole rows takes longer
 * than SWEEP_MS on a busy machine (2 cores shared, traced), and a sweep told
 * only from jumps that close would then never start, each jump drawing whole
 * rows and keeping the frames that slow.
 */
const SWEEP_DRAW_MS = 150;

/**
 * Tells a sweep from the windows drawn, one after another: a jump of more
 * than the window's size within `ms` of another starts or extends it.
 * Drawing the same window again (an answer, React's second render) changes
 * nothing, so it may be asked during render.
 */
export class SweepClock {
  private start: number;
  private at = -Infinity;
  /** When the sweep ends unless the window jumps again. */
  until = -Infinity;

  constructor(
    start: number,
    private readonly ms: number,
  ) {
    this.start = start;
  }

  /** Whether the window starting at `start` (of `size` rows), drawn at `now` ms, is part of a sweep. */
  seen(start: number, size: number, now: number): boolean {
    if (start !== this.start) {
      if (Math.abs(start - this.start) > size) {
        if (now - this.at < this.ms) this.until = now + this.ms;
        this.at = now;
      }
      this.start = start;
    }
    return this.until > now;
  }
}

/**
 * True while the window drawn jumps more than its own size again and again
 * (a dragged scrollbar passes thousands of rows a frame). Rows are then drawn
 * in their sweep form, the loc alone in one cell (GridRow): a frame that drew
 * every cell of the rows arriving cost three times one that draws them empty
 * (21–32 against 5–9 ms of the page's thread at 21 rows, traced under load).
 * When the jumps stop it turns false and the grid draws again, whole.
 */
export function useSweep(start: number, size: number): boolean {
  const [clock] = useState(() => new SweepClock(start, SWEEP_DRAW_MS));
  const [, setRested] = useState(0);
  const sweeping = clock.seen(start, size, performance.now());
  useEffect(() => {
    if (!sweeping) return;
    const timer = setTimeout(() => setRested((n) => n + 1), clock.until - performance.now() + 1);
    return () => clearTimeout(timer);
  });
  return sweeping;
}

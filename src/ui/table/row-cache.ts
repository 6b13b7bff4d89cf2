import type { RowView } from '../../worker/protocol';

/** Rows are fetched and kept in blocks of this many positions. */
export const BLOCK = 100;
/** Blocks kept; those farthest from the last range asked for go first. */
const MAX_BLOCKS = 60;

type Fetch = (start: number, end: number) => Promise<RowView[]>;

/**
 * The rows of the current view the page holds: windows fetched from the
 * worker, by position. Only a few thousand rows are ever held, however many
 * the view has.
 *
 * When the view changes (`sync` with a new version) the rows held become
 * stale: they are still shown until the fresh ones arrive, so an edit, an
 * added row or a re-check never blanks the table for a frame.
 */
export class RowCache {
  private version = -1;
  private fresh = new Map<number, RowView[]>();
  private stale = new Map<number, RowView[]>();
  private loading = new Set<number>();
  private failed = new Set<number>();
  private tick = 0;
  /** The blocks the last `ensure` asked for: only answers that reach them redraw the grid. */
  private wanted = { first: 0, last: -1 };
  /** Blocks of rows drawn outside the window (see {@link keep}). */
  private kept = new Set<number>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly fetchRows: Fetch) {}

  /** Takes in a new version of the view; idempotent for the same version. */
  sync(version: number): void {
    if (version === this.version) return;
    this.version = version;
    for (const [b, rows] of this.fresh) this.stale.set(b, rows);
    this.fresh = new Map();
    this.loading = new Set();
    this.failed = new Set();
  }

  /** The row at a position, fresh or (until the fresh one arrives) stale. */
  get(pos: number): RowView | undefined {
    const b = Math.floor(pos / BLOCK);
    const i = pos - b * BLOCK;
    return this.fresh.get(b)?.[i] ?? this.stale.get(b)?.[i];
  }

  /** True when the row at `pos` is from the current version. */
  isFresh(pos: number): boolean {
    return this.fresh.get(Math.floor(pos / BLOCK))?.[pos % BLOCK] !== undefined;
  }

  /** Replaces the row at a position (an edit's answer), fresh and stale alike. */
  put(pos: number, row: RowView): void {
    const b = Math.floor(pos / BLOCK);
    const i = pos - b * BLOCK;
    let changed = false;
    for (const map of [this.fresh, this.stale]) {
      const rows = map.get(b);
      if (rows && rows[i]?.id === row.id) {
        const copy = rows.slice();
        copy[i] = row;
        map.set(b, copy);
        changed = true;
      }
    }
    if (changed) this.notify();
  }

  /** True while an answer of the worker is awaited (a dragged scrollbar asks again only after it). */
  get busy(): boolean {
    return this.loading.size > 0;
  }

  /**
   * Fetches the blocks of positions `start`..`end` (exclusive) not held yet.
   * `ahead`: rows a sweep will reach a frame later, which that frame reads
   * from here; their answer asks for no redraw of the window drawn now.
   */
  ensure(start: number, end: number, count: number, ahead = false): void {
    const first = Math.max(0, Math.floor(start / BLOCK));
    const last = Math.floor((Math.min(end, count) - 1) / BLOCK);
    if (!ahead) this.wanted = { first, last };
    let runStart = -1;
    for (let b = first; b <= last + 1; b++) {
      const missing = b <= last && !this.fresh.has(b) && !this.loading.has(b) && !this.failed.has(b);
      if (missing && runStart < 0) runStart = b;
      if (!missing && runStart >= 0) {
        this.load(runStart, b, count);
        runStart = -1;
      }
    }
    this.evict(first, last);
  }

  /**
   * The rows drawn wherever the window is (the focused and the edited row):
   * fetched when missing, never evicted, and their answer redraws. Without
   * it a sweep evicted the focused row's block, and the row stayed loading
   * once the drag rested far from it.
   */
  keep(positions: readonly number[], count: number): void {
    this.kept = new Set(positions.filter((p) => p >= 0 && p < count).map((p) => Math.floor(p / BLOCK)));
    for (const b of this.kept)
      if (!this.fresh.has(b) && !this.loading.has(b) && !this.failed.has(b)) this.load(b, b + 1, count);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever a row held changed. */
  snapshot = (): number => this.tick;

  private load(fromBlock: number, toBlock: number, count: number): void {
    const version = this.version;
    for (let b = fromBlock; b < toBlock; b++) this.loading.add(b);
    const start = fromBlock * BLOCK;
    const end = Math.min(toBlock * BLOCK, count);
    this.fetchRows(start, end).then(
      (rows) => {
        if (version !== this.version) return;
        for (let b = fromBlock; b < toBlock; b++) {
          this.loading.delete(b);
          this.fresh.set(b, rows.slice((b - fromBlock) * BLOCK, (b - fromBlock + 1) * BLOCK));
          this.stale.delete(b);
        }
        // A dragged scrollbar has often moved on by the time rows arrive: they are kept, but drawing nothing new costs a whole grid render.
        if ((fromBlock <= this.wanted.last && toBlock > this.wanted.first) || this.keeps(fromBlock, toBlock))
          this.notify();
      },
      () => {
        // The notice bar reports worker failures; these blocks are not asked for again in this version.
        if (version !== this.version) return;
        for (let b = fromBlock; b < toBlock; b++) {
          this.loading.delete(b);
          this.failed.add(b);
        }
      },
    );
  }

  private evict(first: number, last: number): void {
    for (const map of [this.fresh, this.stale]) {
      if (map.size <= MAX_BLOCKS) continue;
      const far = [...map.keys()]
        .filter((b) => !this.kept.has(b))
        .sort((a, b) => distance(b, first, last) - distance(a, first, last));
      for (const b of far.slice(0, map.size - MAX_BLOCKS)) map.delete(b);
    }
  }

  private keeps(fromBlock: number, toBlock: number): boolean {
    for (let b = fromBlock; b < toBlock; b++) if (this.kept.has(b)) return true;
    return false;
  }

  private notify(): void {
    this.tick++;
    for (const listener of this.listeners) listener();
  }
}

function distance(b: number, first: number, last: number): number {
  return b < first ? first - b : b > last ? b - last : 0;
}

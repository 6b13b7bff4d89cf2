/*
 * Autosave in the worker: a moment after the last change, the session's
 * document is written to the DocumentStore; on start, a saved document is
 * read back. The page hears how saving goes through `persist` events, so the
 * header can say "Saved 12:03:41" and leaving the page can ask first while a
 * save is pending. The undo history (within MAX_SAVED_HISTORY_WEIGHT) and the
 * comparison's before set are saved with the rows (Session.snapshot).
 */
import { ALL_ROWS, type ViewQuery } from '../core/view/query';
import type { DocumentStore } from './document-store';
import type { JobProgress, PersistEvent, RestoreOutcome } from './protocol';
import type { Session } from './session';

/** Quiet time after the last change before saving: a burst of edits is saved once. */
const SAVE_DELAY_MS = 300;

/**
 * After the saved copy was removed from outside, the document is written
 * anew after these waits, one more each time it fails: the browser may still
 * be deleting the database when it closes our connection (measured in
 * Chromium: a write at once failed with "The connection was closed").
 */
const REWRITE_WAITS_MS = [250, 1_000, 4_000];

export interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
  now: () => number;
  /** Runs `fn` in a new task; without it, at once. */
  soon?: (fn: () => void) => void;
  /** Runs `fn` in a later task, so messages waiting go first (the save's write); without it, at once. */
  later?: (fn: () => void) => void;
}

const REAL_TIMERS: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
  soon: (fn) => setTimeout(fn, 0),
  later: (fn) => setTimeout(fn, 0),
};

export class Persistence {
  private timer: unknown = null;
  /** The save being written, if any: saves never overlap. */
  private writing: Promise<void> | null = null;
  /** A change came after the snapshot being written was taken. */
  private dirty = false;
  /** Bumped by clear(): a save that started before it must not bring the document back. */
  private generation = 0;
  /** Whether this worker's tab owns the saved document: only then is anything written. */
  private writer = true;
  /** The saved copy was removed from outside: the writes that put it back, tried so far (0: none under way). */
  private rewrites = 0;

  constructor(
    private readonly session: Session,
    private readonly store: DocumentStore,
    private readonly emit: (event: PersistEvent) => void,
    private delayMs = SAVE_DELAY_MS,
    private readonly timers: Timers = REAL_TIMERS,
  ) {
    session.onChange = () => this.schedule();
    store.onRemoved = () => this.savedCopyRemoved();
  }

  /**
   * The saved copy was removed from outside while the page was open (the
   * user cleared the site's data): the document is written anew at once, so
   * a reload still finds it, and the page is told why (`removed`).
   */
  private savedCopyRemoved(): void {
    if (!this.writer) return;
    if (!this.session.hasDocument) {
      this.emit({ type: 'persist', state: 'idle', removed: true });
      return;
    }
    this.rewrites = 0;
    // The copy the header calls saved is gone: saving again.
    this.emit({ type: 'persist', state: 'pending' });
    this.rewrite();
  }

  /** The next try at writing the removed copy anew, after its wait. */
  // recursion-ok: the flush it starts runs from a timer, and the tries are counted (REWRITE_WAITS_MS)
  private rewrite(): void {
    const wait = REWRITE_WAITS_MS[this.rewrites++] as number;
    this.dirty = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.flush();
    }, wait);
  }

  /** Sets the quiet time before a save, from the next change on. */
  setDelay(ms: number): void {
    this.delayMs = ms;
  }

  /** Whether this worker writes the saved document (its tab owns it); a reader refuses every change. */
  get isWriter(): boolean {
    return this.writer;
  }

  /** Whether a change is waiting to be saved or being saved. */
  get pending(): boolean {
    return this.dirty || this.timer !== null || this.writing !== null;
  }

  /**
   * Gives up or takes up writing the saved document (the tab lock moved).
   * Giving up writes what waits first (unless `flush` is false); taking up
   * forgets the document held, so the next restore reads the newest save.
   */
  async setWriter(writer: boolean, flush: boolean): Promise<void> {
    if (writer) {
      this.writer = true;
      this.session.clear();
      return;
    }
    if (flush) await this.flush();
    this.writer = false;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.dirty = false;
  }

  /** Saves a moment after the last call. */
  // recursion-ok: schedule calls flush from a timer, later; flush awaits the write before it schedules
  schedule(): void {
    // Another tab owns the saved document: writing would overwrite its work.
    if (!this.writer) return;
    const wasPending = this.pending;
    this.dirty = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
    /*
     * Said in a new task: a change is scheduled inside its request, and the
     * answer (an edit's row, which the page draws at once) is posted at the
     * end of this task. Said at once, "save pending" reached the page first,
     * and the page handled it before it could draw the edit.
     */
    if (!wasPending) this.sayPending();
  }

  /** "Save pending", unless the save was written (or the document cleared) in between: "saved" or "idle" was said then. */
  private sayPending(): void {
    const say = () => {
      if (this.pending) this.emit({ type: 'persist', state: 'pending' });
    };
    if (this.timers.soon) this.timers.soon(say);
    else say();
  }

  /** Saves now what is waiting (leaving the page); resolves when written, or at once when nothing waits. */
  // recursion-ok: see schedule
  async flush(): Promise<void> {
    if (this.timer !== null) {
      this.timers.clear(this.timer);
      this.timer = null;
    }
    while (this.writing) await this.writing;
    if (!this.dirty) return;
    this.dirty = false;
    const generation = this.generation;
    this.writing = this.write(generation).finally(() => {
      this.writing = null;
    });
    await this.writing;
    // Changes made while writing: save them too, after the same quiet time.
    if (this.dirty && this.timer === null && generation === this.generation) this.schedule();
  }

  // recursion-ok: it tries again only through rewrite's timer, at most REWRITE_WAITS_MS.length times
  private async write(generation: number): Promise<void> {
    const savedAt = this.timers.now();
    try {
      // Never held in this suspended function: only the store keeps the snapshot, while it needs it.
      await this.saveNow(savedAt);
      if (generation !== this.generation) return;
      if (this.dirty) return;
      const removed = this.rewrites > 0 ? ({ removed: true } as const) : {};
      this.rewrites = 0;
      this.emit({ type: 'persist', state: 'saved', savedAt, ...removed });
    } catch (err) {
      if (generation !== this.generation) return;
      // Putting a removed copy back: try again a moment later, and say so only when out of tries.
      if (this.rewrites > 0 && this.rewrites < REWRITE_WAITS_MS.length) {
        this.rewrite();
        return;
      }
      const removed = this.rewrites > 0 ? ({ removed: true } as const) : {};
      this.rewrites = 0;
      this.emit({ type: 'persist', state: 'failed', message: storageMessage(err), ...removed });
    }
  }

  /**
   * Takes the snapshot in one task (it must match one moment of the
   * document), then writes it from the next: at a million rows each of the
   * two held the worker some 160–180 ms (load 7.6), and a sort clicked just
   * after an import waited for both at once. The store then writes in pieces.
   */
  private saveNow(savedAt: number): Promise<void> {
    const snapshot = this.session.snapshot(savedAt);
    if (!snapshot) return this.store.clear();
    const later = this.timers.later;
    if (!later) return this.store.save(snapshot);
    // Only the closure holds the snapshot until the store takes it.
    return new Promise<void>((resolve, reject) => later(() => this.store.save(snapshot).then(resolve, reject)));
  }

  /**
   * Loads the saved document into a session that has none (a fresh worker:
   * page load, or after the previous worker was lost). A session that already
   * has a document keeps it. `onProgress` hears how far it is: the saved
   * parts read back, then the rows checked (a million alternates take
   * seconds), so the page can show a busy state, not a blank one.
   */
  async restore(
    query: ViewQuery = ALL_ROWS,
    onProgress?: (progress: JobProgress, force?: boolean) => void,
  ): Promise<RestoreOutcome> {
    if (this.session.hasDocument)
      return { summary: this.session.summary(), savedAt: null, siteUrl: null, error: null, ...this.kept() };
    let snapshot;
    try {
      snapshot = await this.store.load((done, total) =>
        onProgress?.({ phase: 'restoring', bytesDone: done, bytesTotal: total, urls: 0 }, done === 0),
      );
    } catch (err) {
      // A RangeError is a saved copy whose parts do not fit together, not a storage that refused.
      const error =
        err instanceof RangeError ? `The saved work could not be read: ${err.message}` : storageMessage(err);
      return { summary: null, savedAt: null, siteUrl: null, error };
    }
    if (!snapshot) return { summary: null, savedAt: null, siteUrl: null, error: null };
    onProgress?.({ phase: 'checking', bytesDone: 0, bytesTotal: 0, urls: snapshot.rows.length }, true);
    try {
      const summary = this.session.restore(snapshot, query);
      this.emit({ type: 'persist', state: 'saved', savedAt: snapshot.savedAt });
      return { summary, savedAt: snapshot.savedAt, siteUrl: snapshot.siteUrl, error: null, ...this.kept() };
    } catch (err) {
      return {
        summary: null,
        savedAt: null,
        siteUrl: null,
        error: `The saved work could not be read: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }

  /** The session's undo history and comparison, as a restore reports them. */
  private kept(): Pick<RestoreOutcome, 'history' | 'undoSteps' | 'redoSteps' | 'comparison'> {
    const { undo, redo } = this.session.history.size;
    return {
      history: this.session.history.state(),
      undoSteps: undo,
      redoSteps: redo,
      comparison: this.session.compare.summary(),
    };
  }

  /** Forgets the document and its saved copy ("New"). */
  async clear(): Promise<void> {
    if (!this.writer) {
      this.session.clear();
      return;
    }
    this.generation++;
    if (this.timer !== null) {
      this.timers.clear(this.timer);
      this.timer = null;
    }
    this.dirty = false;
    this.session.clear();
    while (this.writing) await this.writing;
    try {
      await this.store.clear();
      this.emit({ type: 'persist', state: 'idle' });
    } catch (err) {
      this.emit({ type: 'persist', state: 'failed', message: storageMessage(err) });
    }
  }
}

/** A storage error in plain words: full, refused, or missing. */
function storageMessage(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  const text = err instanceof Error ? err.message : String(err);
  if (name === 'QuotaExceededError') return 'The browser has no room left to save your work (storage quota reached).';
  if (name === 'SecurityError') return 'This browser refuses to save here (a private window?).';
  // A closed connection is opened again (document-store.ts): one that stays closed is not a private window.
  if (name === 'InvalidStateError') return `This browser closed its storage for this page: ${text}`;
  return `Your work could not be saved in this browser: ${text}`;
}

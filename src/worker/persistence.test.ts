import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { ALL_ROWS } from '../core/view/query';
import type { DocumentSnapshot } from '../core/persist/document-snapshot';
import { MemoryDocumentStore, type DocumentStore } from './document-store';
import { Persistence, type Timers } from './persistence';
import type { PersistEvent } from './protocol';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

/** Timers the test runs by hand: `tick()` fires the waiting save. */
function manualTimers() {
  let waiting: (() => void) | null = null;
  let now = 1_000;
  const timers: Timers = {
    set: (fn) => ((waiting = fn), 1),
    clear: () => {
      waiting = null;
    },
    now: () => now++,
  };
  return {
    timers,
    get waiting() {
      return waiting !== null;
    },
    tick: () => {
      const fn = waiting;
      waiting = null;
      fn?.();
    },
  };
}

function setup(store = new MemoryDocumentStore()) {
  const session = new Session();
  const events: PersistEvent[] = [];
  const clock = manualTimers();
  const persistence = new Persistence(session, store, (e) => events.push(e), 300, clock.timers);
  return { session, store, events, clock, persistence };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Persistence: autosave of the session', () => {
  it('says how a restore goes: the saved parts read, then the rows checked', async () => {
    const session = new Session();
    session.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
    const store = new MemoryDocumentStore();
    store.saved = session.snapshot(1)!;
    // A store that reads its document in three parts, as IndexedDB reads the pieces.
    const parts: DocumentStore = {
      load: async (onPart) => {
        for (let k = 0; k <= 3; k++) onPart?.(k, 3);
        return store.saved;
      },
      save: (s) => store.save(s),
      clear: () => store.clear(),
    };
    const fresh = new Session();
    const heard: unknown[] = [];
    const outcome = await new Persistence(fresh, parts, () => {}).restore(ALL_ROWS, (p, force) =>
      heard.push({ ...p, force: force ?? false }),
    );
    expect(outcome.summary?.urlCount).toBe(session.summary().urlCount);
    expect(heard).toEqual([
      { phase: 'restoring', bytesDone: 0, bytesTotal: 3, urls: 0, force: true },
      { phase: 'restoring', bytesDone: 1, bytesTotal: 3, urls: 0, force: false },
      { phase: 'restoring', bytesDone: 2, bytesTotal: 3, urls: 0, force: false },
      { phase: 'restoring', bytesDone: 3, bytesTotal: 3, urls: 0, force: false },
      { phase: 'checking', bytesDone: 0, bytesTotal: 0, urls: session.summary().urlCount, force: true },
    ]);
  });

  it('writes the document anew when its saved copy is removed from outside, trying again while the store refuses', async () => {
    const { session, store, events, clock } = setup();
    session.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
    clock.tick();
    await settle();
    expect(store.saved).not.toBeNull();

    // The site's data cleared: the copy is gone, and the store refuses the first write (still deleting).
    store.saved = null;
    store.failWith = new Error('The connection was closed.');
    events.length = 0;
    store.onRemoved?.();
    expect(events).toEqual([{ type: 'persist', state: 'pending' }]);
    clock.tick();
    await settle();
    // Refused once: tried again a moment later, nothing said yet.
    expect(events).toHaveLength(1);
    store.failWith = null;
    clock.tick();
    await settle();
    expect(events.at(-1)).toMatchObject({ type: 'persist', state: 'saved', removed: true });
    expect((store.saved as DocumentSnapshot | null)?.rows.length).toBe(session.summary().urlCount);

    // A store that keeps refusing: said once out of tries, as a failed save.
    store.failWith = new Error('The connection was closed.');
    store.onRemoved?.();
    for (let k = 0; k < 3; k++) {
      clock.tick();
      await settle();
    }
    expect(events.at(-1)).toMatchObject({ type: 'persist', state: 'failed', removed: true });
  });

  it('says when the copy was removed with no document to write again', () => {
    const { store, events } = setup();
    store.onRemoved?.();
    expect(events).toEqual([{ type: 'persist', state: 'idle', removed: true }]);
  });

  it('saves a moment after a change, once for a burst, and a fresh session restores it exactly', async () => {
    const { session, store, events, clock, persistence } = setup();
    session.setSiteUrl('https://example.com/');
    session.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
    expect(events).toEqual([{ type: 'persist', state: 'pending' }]);
    expect(persistence.pending).toBe(true);
    const id = session.rows(0, 1)[0]!.id;
    session.edits.edit(id, 'lastmod', '2030-01-02');
    session.edits.addRow({ loc: 'https://example.com/added' });
    expect(store.saved).toBeNull();
    expect(events).toHaveLength(1);

    clock.tick();
    await settle();
    expect(events.at(-1)).toMatchObject({ type: 'persist', state: 'saved' });
    expect(persistence.pending).toBe(false);
    expect(store.saved?.siteUrl).toBe('https://example.com/');

    const before = session.summary();
    const rowsBefore = session.rows(0, 100);
    const other = setup(store);
    const outcome = await other.persistence.restore(ALL_ROWS);
    expect(outcome).toMatchObject({ siteUrl: 'https://example.com/', error: null, savedAt: store.saved?.savedAt });
    expect(outcome.summary).toEqual(before);
    expect(other.session.rows(0, 100)).toEqual(rowsBefore);
    // The undo history came back with the rows: the edit and the added row can be undone.
    expect(other.session.history.state()).toEqual({
      canUndo: true,
      undoLabel: 'Add a URL',
      canRedo: false,
      redoLabel: null,
    });
    expect(outcome).toMatchObject({ undoSteps: 2, redoSteps: 0, comparison: null });
    // Restoring is not a change: nothing to save.
    expect(other.persistence.pending).toBe(false);
  });

  it('every kind of change schedules a save: fix, delete, undo, redo, a new Site URL', async () => {
    const { session, store, clock } = setup();
    session.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), false);
    const saveNow = async () => {
      expect(clock.waiting).toBe(true);
      clock.tick();
      await settle();
    };
    await saveNow();
    for (const change of [
      () => session.edits.fix('all', undefined),
      () => session.undo(),
      () => session.redo(),
      () => session.edits.deleteRows([session.rows(0, 1)[0]!.id]),
      () => session.setSiteUrl('https://example.com/'),
    ]) {
      change();
      await saveNow();
    }
    expect(store.saved?.siteUrl).toBe('https://example.com/');
    expect(store.saved?.rows.length).toBe(session.summary().urlCount);
  });

  it('a change made while a save is being written is saved too', async () => {
    const { session, store, clock } = setup();
    session.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), false);
    clock.tick();
    session.edits.addRow({ loc: 'https://example.com/during' });
    await settle();
    expect(clock.waiting).toBe(true);
    clock.tick();
    await settle();
    expect(store.saved?.rows.length).toBe(session.summary().urlCount);
  });

  it('a storage that refuses is reported, and the session keeps working in memory', async () => {
    const store = new MemoryDocumentStore();
    store.failWith = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    const { session, events, clock } = setup(store);
    session.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), false);
    clock.tick();
    await settle();
    expect(events.at(-1)).toMatchObject({
      type: 'persist',
      state: 'failed',
      message: expect.stringContaining('no room'),
    });
    expect(session.edits.addRow({ loc: 'https://example.com/x' }).summary.urlCount).toBe(3);

    const fresh = setup(store);
    expect(await fresh.persistence.restore()).toMatchObject({
      summary: null,
      error: expect.stringContaining('no room'),
    });
  });

  it('clear forgets the document and its saved copy, even with a save pending', async () => {
    const { session, store, clock, persistence } = setup();
    session.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), false);
    clock.tick();
    await settle();
    session.edits.addRow({});
    await persistence.clear();
    clock.tick();
    await settle();
    expect(store.saved).toBeNull();
    expect(session.hasDocument).toBe(false);
    expect(await setup(store).persistence.restore()).toMatchObject({ summary: null, error: null });
  });

  it('a damaged saved copy is reported, not loaded; a session with a document keeps it', async () => {
    const { session, store, clock, persistence } = setup();
    session.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), false);
    clock.tick();
    await settle();
    expect((await persistence.restore()).summary?.urlCount).toBe(session.summary().urlCount);
    store.saved!.rows.length += 5;
    const outcome = await setup(store).persistence.restore();
    expect(outcome).toMatchObject({ summary: null, error: expect.stringContaining('could not be read') });
  });

  it('a saved copy whose parts do not fit is reported as unreadable, not as a storage that refused', async () => {
    const store = new MemoryDocumentStore();
    store.failWith = new RangeError('The saved work is damaged: parts of it are missing.');
    const outcome = await setup(store).persistence.restore();
    expect(outcome).toMatchObject({
      summary: null,
      error: 'The saved work could not be read: The saved work is damaged: parts of it are missing.',
    });
  });

  it('flush writes a waiting save at once', async () => {
    const { session, store, persistence } = setup();
    session.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), false);
    await persistence.flush();
    expect(store.saved).not.toBeNull();
    expect(persistence.pending).toBe(false);
  });

  it('a reader writes nothing; giving up writing saves what waits first; taking up reads the newest save', async () => {
    const { session, store, events, clock, persistence } = setup();
    session.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), false);
    session.edits.addRow({ loc: 'https://example.com/waiting' });
    await persistence.setWriter(false, true);
    // The waiting change was written before this tab gave up.
    expect(store.saved?.rows.length).toBe(session.summary().urlCount);
    const written = store.saved;
    const eventCount = events.length;
    session.edits.addRow({ loc: 'https://example.com/not-saved' });
    expect(clock.waiting).toBe(false);
    expect(persistence.pending).toBe(false);
    await persistence.flush();
    await persistence.clear();
    expect(store.saved).toBe(written);
    expect(events).toHaveLength(eventCount);

    // Another tab saved meanwhile: taking up writing forgets the rows held and reads that save.
    const other = setup(store);
    await other.persistence.restore();
    other.session.edits.addRow({ loc: 'https://example.com/other-tab' });
    await other.persistence.flush();
    await persistence.setWriter(true, true);
    expect(session.hasDocument).toBe(false);
    const outcome = await persistence.restore();
    expect(outcome.summary?.urlCount).toBe(other.session.summary().urlCount);
    session.edits.addRow({ loc: 'https://example.com/mine' });
    expect(clock.waiting).toBe(true);
  });
});

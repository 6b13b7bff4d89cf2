import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { importFiles } from '../core/read/import-files';
import { MemoryDocumentStore } from './document-store';
import { Persistence, type Timers } from './persistence';
import type { PersistEvent } from './protocol';
import { Session } from './session';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Timers whose quiet time and "later task" the test runs by hand. */
function setup() {
  const session = new Session();
  const store = new MemoryDocumentStore();
  const events: PersistEvent[] = [];
  let waiting: (() => void) | null = null;
  const later: (() => void)[] = [];
  const timers: Timers = {
    set: (fn) => ((waiting = fn), 1),
    clear: () => void (waiting = null),
    now: () => 7_000,
    later: (fn) => void later.push(fn),
  };
  const persistence = new Persistence(session, store, (e) => events.push(e), 300, timers);
  const tick = () => {
    const fn = waiting;
    waiting = null;
    fn?.();
  };
  return {
    session,
    store,
    events,
    later,
    persistence,
    tick,
    get waiting() {
      return waiting !== null;
    },
  };
}

describe('Persistence: the snapshot is taken in one task and written in a later one', () => {
  it('writes nothing until the later task; an edit in between is not in this save but in the next', async () => {
    const w = setup();
    w.session.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
    const id = w.session.rows(0, 1)[0]!.id;
    const lastmodBefore = w.session.rows(0, 1)[0]!.lastmod;
    w.tick();
    await settle();
    // The snapshot is taken; the store has not been asked yet: the worker's other messages run first.
    expect(w.later).toHaveLength(1);
    expect(w.store.saved).toBeNull();
    expect(w.persistence.pending).toBe(true);
    w.session.edits.edit(id, 'lastmod', '2031-05-06');
    w.later.splice(0).forEach((t) => t());
    await settle();
    // This save holds the document as it was when the quiet time ended.
    expect(w.store.saved?.rows.length).toBe(w.session.summary().urlCount);
    const saved = new Session();
    saved.restore(w.store.saved!);
    expect(saved.rows(0, 1)[0]!.lastmod).toBe(lastmodBefore);
    expect(w.events.filter((e) => e.state === 'saved')).toEqual([]);
    // The edit made in between is saved next, after the quiet time.
    expect(w.waiting).toBe(true);
    w.tick();
    await settle();
    w.later.splice(0).forEach((t) => t());
    await settle();
    const again = new Session();
    again.restore(w.store.saved!);
    expect(again.rows(0, 1)[0]!.lastmod).toBe('2031-05-06');
    expect(w.events.at(-1)).toEqual({ type: 'persist', state: 'saved', savedAt: 7_000 });
    expect(w.persistence.pending).toBe(false);
  });

  it('clear during the wait leaves no saved copy behind', async () => {
    const w = setup();
    w.session.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
    w.tick();
    await settle();
    expect(w.later).toHaveLength(1);
    const cleared = w.persistence.clear();
    w.later.splice(0).forEach((t) => t());
    await cleared;
    expect(w.store.saved).toBeNull();
    expect(w.events.at(-1)).toEqual({ type: 'persist', state: 'idle' });
  });
});

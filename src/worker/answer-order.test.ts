import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { importFiles } from '../core/read/import-files';
import type { ApiRequest, HandlerTable, WorkerResponse } from './api';
import { MemoryDocumentStore } from './document-store';
import { GzipHelper } from './gzip-helper';
import { createHandlers } from './handlers';
import { ParseHelper } from './parse-helper';
import { Persistence, type Timers } from './persistence';
import { Router } from './router';
import { Session } from './session';

/** The worker as sitemap.worker.ts wires it, with timers and "a new task" run by hand. */
async function worker() {
  const session = new Session();
  const posted: WorkerResponse[] = [];
  const tasks: (() => void)[] = [];
  let saves: (() => void) | null = null;
  const timers: Timers = {
    set: (fn) => ((saves = fn), 1),
    clear: () => void (saves = null),
    now: () => 5_000,
    soon: (fn) => void tasks.push(fn),
  };
  const persistence = new Persistence(session, new MemoryDocumentStore(), (e) => posted.push(e), 300, timers);
  const handlers = createHandlers({
    session,
    persistence,
    gzipHelper: new GzipHelper(),
    parseHelper: new ParseHelper(),
  });
  const router = new Router(handlers as HandlerTable, {
    post: (m) => posted.push(m),
    nextTask: () => Promise.resolve(),
    revision: () => session.revision,
    isWriter: () => true,
  });
  session.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
  // The import's own "pending" and its save, out of the way.
  tasks.splice(0).forEach((t) => t());
  await persistence.flush();
  expect(posted.map((m) => m.type === 'persist' && m.state)).toEqual(['pending', 'saved']);
  expect(saves).toBeNull();
  posted.length = 0;
  return { session, persistence, posted, tasks, router };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('what the worker posts after an edit, in order', () => {
  it("posts the edit's answer (with its row) before saying a save is pending", async () => {
    const w = await worker();
    const id = w.session.rows(0, 1)[0]!.id;
    w.router.receive({ type: 'edit', id: 7, params: { row: id, field: 'lastmod', value: '2099-01-01' } } as ApiRequest);
    await settle();
    expect(w.posted.map((m) => m.type)).toEqual(['done']);
    const done = w.posted[0] as Extract<WorkerResponse, { type: 'done' }>;
    expect(done.id).toBe(7);
    expect((done.value as { row: { id: number; lastmod: string } }).row).toMatchObject({ id, lastmod: '2099-01-01' });
    // The next task says it.
    w.tasks.splice(0).forEach((t) => t());
    expect(w.posted.slice(1)).toEqual([{ type: 'persist', state: 'pending' }]);
    expect(w.persistence.pending).toBe(true);
  });

  it('says nothing pending once the save was written in between, so "saved" stays the last word', async () => {
    const w = await worker();
    const id = w.session.rows(0, 1)[0]!.id;
    w.session.edits.edit(id, 'priority', '0.3');
    await w.persistence.flush();
    w.tasks.splice(0).forEach((t) => t());
    expect(w.posted).toEqual([{ type: 'persist', state: 'saved', savedAt: 5_000 }]);
    expect(w.persistence.pending).toBe(false);
  });
});

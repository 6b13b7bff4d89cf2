import { describe, expect, it } from 'vitest';
import type { ApiRequest, HandlerTable, SlicedPass, WorkerResponse } from './api';
import { READ_ONLY, Router, type RouterIo } from './router';

/** What a test sees of the worker: the messages posted, and a hand-driven "next task". */
function harness(handlers: Partial<HandlerTable>, opts: { writer?: boolean; sliceRows?: number } = {}) {
  const posted: { message: WorkerResponse; transfer: Transferable[] }[] = [];
  const waiting: (() => void)[] = [];
  let revision = 0;
  let writer = opts.writer ?? true;
  let clock = 0;
  const io: RouterIo = {
    post: (message, transfer = []) => posted.push({ message, transfer }),
    nextTask: () => new Promise<void>((resolve) => waiting.push(resolve)),
    revision: () => revision,
    isWriter: () => writer,
    now: () => clock,
  };
  const router = new Router(handlers as HandlerTable, io, opts.sliceRows ?? 10);
  let id = 0;
  const send = (request: Omit<ApiRequest, 'id'>) => {
    const withId = { ...request, id: ++id } as ApiRequest;
    router.receive(withId);
    return withId.id;
  };
  /** Lets every task the router waits for run, until it waits for none. */
  const drain = async () => {
    for (let k = 0; k < 100; k++) {
      await new Promise((r) => setTimeout(r, 0));
      const next = waiting.shift();
      if (!next) {
        if (router.idle) return;
        continue;
      }
      next();
    }
    throw new Error('the router never became idle');
  };
  /** Lets the one task the router waits for run, then lets it go on to its next wait. */
  const release = async () => {
    await new Promise((r) => setTimeout(r, 0));
    waiting.shift()?.();
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    router,
    posted,
    send,
    drain,
    release,
    done: () => posted.filter((p) => p.message.type === 'done' || p.message.type === 'error').map((p) => p.message),
    bump: () => void revision++,
    setWriter: (w: boolean) => void (writer = w),
    tick: (ms: number) => void (clock += ms),
  };
}

/** A pass that counts rows in steps; records each step's size. */
function countingPass(total: number, steps: number[], label: string): SlicedPass<string> {
  let done = 0;
  return {
    step: (rows) => {
      steps.push(rows);
      done = Math.min(total, done + rows);
      return done >= total;
    },
    finish: () => `${label}:${done}`,
  };
}

describe('Router', () => {
  it('answers each request with its handler, one "done" reply with the value and its transfers', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const h = harness({
      setView: { run: ({ query }) => (query.text === 'shop' ? 7 : 0) },
      compareCsv: {
        run: () => ({ fileName: 'd.csv', mimeType: 'text/csv', bytes }),
        transfer: (d) => [d.bytes.buffer as ArrayBuffer],
      },
    });
    const a = h.send({ type: 'setView', params: { query: { text: 'shop' } as never } });
    const b = h.send({ type: 'compareCsv', params: {} });
    await h.drain();
    expect(h.posted).toEqual([
      { message: { type: 'done', id: a, value: 7 }, transfer: [] },
      {
        message: { type: 'done', id: b, value: { fileName: 'd.csv', mimeType: 'text/csv', bytes } },
        transfer: [bytes.buffer],
      },
    ]);
  });

  it('turns a thrown error into an error reply and goes on with the queue', async () => {
    const h = harness({
      rows: {
        run: () => {
          throw new Error('There are no sitemaps yet: import some first.');
        },
      },
      viewIds: { run: () => [4, 5] },
    });
    const a = h.send({ type: 'rows', params: { start: 0, end: 10 } });
    const b = h.send({ type: 'viewIds', params: {} });
    await h.drain();
    expect(h.done()).toEqual([
      { type: 'error', id: a, message: 'There are no sitemaps yet: import some first.' },
      { type: 'done', id: b, value: [4, 5] },
    ]);
  });

  it('runs one request at a time, in order, even when a handler awaits', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const h = harness({
      importFiles: {
        run: async () => {
          order.push('import starts');
          await new Promise<void>((r) => (release = r));
          order.push('import ends');
          return { urlCount: 1 } as never;
        },
      },
      rows: { run: () => (order.push('rows'), []) },
    });
    h.send({ type: 'importFiles', params: { files: [] } });
    h.send({ type: 'rows', params: { start: 0, end: 1 } });
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['import starts']);
    release();
    await h.drain();
    expect(order).toEqual(['import starts', 'import ends', 'rows']);
  });

  it('answers foreground requests before background ones that arrived earlier', async () => {
    const order: string[] = [];
    const h = harness({
      compareItems: { lane: 'background', run: ({ kind }) => (order.push(`compare ${kind}`), { total: 0, items: [] }) },
      rows: { run: ({ start }) => (order.push(`rows ${start}`), []) },
    });
    h.send({ type: 'compareItems', params: { kind: 'added', start: 0, end: 1 } });
    h.send({ type: 'compareItems', params: { kind: 'removed', start: 0, end: 1 } });
    h.send({ type: 'rows', params: { start: 0, end: 1 } });
    h.send({ type: 'rows', params: { start: 5, end: 6 } });
    await h.drain();
    expect(order).toEqual(['rows 0', 'rows 5', 'compare added', 'compare removed']);
  });

  it('answers a "now" request at once, ahead of the queue', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const h = harness({
      fix: {
        run: async () => (order.push('fix'), await new Promise<void>((r) => (release = r)), { applied: {} } as never),
      },
      flushSave: { lane: 'now', run: () => (order.push('flush'), true) },
    });
    h.send({ type: 'fix', params: { codes: 'all' } });
    const flush = h.send({ type: 'flushSave', params: {} });
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['fix', 'flush']);
    expect(h.done()).toEqual([{ type: 'done', id: flush, value: true }]);
    release();
    await h.drain();
    expect(h.done()).toHaveLength(2);
  });

  it('a reader refuses every request marked `changes`, with the reason, and answers the others', async () => {
    const ran: string[] = [];
    const h = harness(
      {
        edit: { changes: true, run: () => (ran.push('edit'), { row: null } as never) },
        rows: { run: () => (ran.push('rows'), []) },
      },
      { writer: false },
    );
    const a = h.send({ type: 'edit', params: { row: 1, field: 'priority', value: '0.5' } });
    const b = h.send({ type: 'rows', params: { start: 0, end: 1 } });
    await h.drain();
    expect(h.done()).toEqual([
      { type: 'error', id: a, message: READ_ONLY },
      { type: 'done', id: b, value: [] },
    ]);
    expect(ran).toEqual(['rows']);
    h.setWriter(true);
    h.send({ type: 'edit', params: { row: 1, field: 'priority', value: '0.5' } });
    await h.drain();
    expect(ran).toEqual(['rows', 'edit']);
  });

  it('sends progress at most every 50 ms unless forced', async () => {
    const h = harness({
      export: {
        run: (_, job) => {
          const p = { phase: 'writing', bytesDone: 1, bytesTotal: 4, urls: 1 } as const;
          job.progress(p);
          h.tick(20);
          job.progress({ ...p, bytesDone: 2 });
          job.progress({ ...p, bytesDone: 3 }, true);
          h.tick(50);
          job.progress({ ...p, bytesDone: 4 });
          return { bytes: new Uint8Array(0) } as never;
        },
      },
    });
    const id = h.send({ type: 'export', params: { settings: {} as never } });
    await h.drain();
    const progress = h.posted
      .filter((p) => p.message.type === 'progress')
      .map((p) => (p.message as { progress: { bytesDone: number } }).progress.bytesDone);
    expect(progress).toEqual([1, 3, 4]);
    expect(h.posted.every((p) => (p.message as { id?: number }).id === id)).toBe(true);
  });
});

describe('Router.inSlices', () => {
  it('runs a pass in slices of the given size and answers with what it finished', async () => {
    const steps: number[] = [];
    const h = harness(
      {
        lastmodChart: {
          lane: 'background',
          run: (_, job) => job.inSlices(() => countingPass(35, steps, 'chart') as never),
        },
      },
      { sliceRows: 10 },
    );
    const id = h.send({ type: 'lastmodChart', params: {} });
    await h.drain();
    expect(steps).toEqual([10, 10, 10, 10]);
    expect(h.done()).toEqual([{ type: 'done', id, value: 'chart:35' }]);
  });

  it('answers what the user asked for between two slices, and starts over when that changed the document', async () => {
    const steps: number[] = [];
    const order: string[] = [];
    let starts = 0;
    const h = harness(
      {
        treeLevels: {
          lane: 'background',
          run: (_, job) =>
            job.inSlices(
              () => (starts++, order.push(`pass ${starts}`), countingPass(25, steps, `levels${starts}`) as never),
            ),
        },
        edit: { run: () => (order.push('edit'), h.bump(), { row: null } as never) },
        rows: { run: () => (order.push('rows'), []) },
      },
      { sliceRows: 10 },
    );
    const levels = h.send({ type: 'treeLevels', params: { paths: [''] } });
    // The pass takes its first slice, then waits a task; an edit (which changes the document) and rows come in.
    await h.release();
    expect(steps).toEqual([10]);
    h.send({ type: 'edit', params: { row: 1, field: 'loc', value: 'x' } });
    h.send({ type: 'rows', params: { start: 0, end: 1 } });
    await h.drain();
    expect(order).toEqual(['pass 1', 'edit', 'rows', 'pass 2']);
    // The first pass was cut after one slice; the second ran whole.
    expect(steps).toEqual([10, 10, 10, 10]);
    expect(h.done().at(-1)).toEqual({ type: 'done', id: levels, value: 'levels2:25' });
  });

  it('keeps a pass going when what ran between slices changed nothing', async () => {
    const steps: number[] = [];
    let starts = 0;
    const h = harness(
      {
        compareSummary: {
          lane: 'background',
          run: (_, job) => job.inSlices(() => (starts++, countingPass(20, steps, 'cmp') as never)),
        },
        rows: { run: () => [] },
      },
      { sliceRows: 10 },
    );
    h.send({ type: 'compareSummary', params: {} });
    await h.release();
    expect(steps).toEqual([10]);
    h.send({ type: 'rows', params: { start: 0, end: 1 } });
    await h.drain();
    expect(starts).toBe(1);
    expect(steps).toEqual([10, 10]);
  });
});

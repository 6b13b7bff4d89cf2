import { describe, expect, it } from 'vitest';
import type { RowView } from '../../worker/protocol';
import { BLOCK, RowCache } from './row-cache';
import { aheadOf } from './useRowFetch';

function rowAt(pos: number, tag = ''): RowView {
  return {
    id: pos,
    loc: `https://example.com/${pos}${tag}`,
    lastmod: '',
    changefreq: '',
    priority: '',
    ext: 0,
    extSummary: '',
    depth: null,
    inlinks: null,
    file: 'a.xml',
    problems: [],
  };
}

function fakeWorker(tag = { value: '' }) {
  const calls: [number, number][] = [];
  const fetch = (start: number, end: number) => {
    calls.push([start, end]);
    return Promise.resolve(Array.from({ length: end - start }, (_, i) => rowAt(start + i, tag.value)));
  };
  return { calls, fetch, tag };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the row cache', () => {
  it('fetches the missing blocks around a range once, in one request per run', async () => {
    const worker = fakeWorker();
    const cache = new RowCache(worker.fetch);
    cache.sync(1);
    cache.ensure(150, 420, 1_000_000);
    cache.ensure(150, 420, 1_000_000);
    expect(worker.calls).toEqual([[BLOCK, 5 * BLOCK]]);
    await settle();
    expect(cache.get(150)?.loc).toBe('https://example.com/150');
    expect(cache.get(99)).toBeUndefined();
    cache.ensure(0, 300, 1_000_000);
    expect(worker.calls.at(-1)).toEqual([0, BLOCK]);
  });

  it('keeps showing stale rows after the view changed, until the fresh ones arrive', async () => {
    const worker = fakeWorker();
    const cache = new RowCache(worker.fetch);
    cache.sync(1);
    cache.ensure(0, 50, 120);
    await settle();
    worker.tag.value = '?v2';
    cache.sync(2);
    expect(cache.get(10)?.loc).toBe('https://example.com/10');
    expect(cache.isFresh(10)).toBe(false);
    cache.ensure(0, 50, 120);
    await settle();
    expect(cache.get(10)?.loc).toBe('https://example.com/10?v2');
  });

  it('is busy while an answer is awaited, and not once it came', async () => {
    const worker = fakeWorker();
    const cache = new RowCache(worker.fetch);
    cache.sync(1);
    expect(cache.busy).toBe(false);
    cache.ensure(0, 30, 1000);
    expect(cache.busy).toBe(true);
    await settle();
    expect(cache.busy).toBe(false);
    // A dragged scrollbar 3,000 rows a frame downwards asks for the window a frame ahead, four rows either side.
    expect(aheadOf({ start: 6000, end: 6030 }, 3000)).toEqual({ start: 8996, end: 9034 });
    expect(aheadOf({ start: 6000, end: 6030 }, -3000)).toEqual({ start: 2996, end: 3034 });
  });

  it('drops answers to an older version and takes in an edited row', async () => {
    const worker = fakeWorker();
    const cache = new RowCache(worker.fetch);
    cache.sync(1);
    cache.ensure(0, 10, 10);
    cache.sync(2);
    await settle();
    expect(cache.get(3)).toBeUndefined();
    cache.ensure(0, 10, 10);
    await settle();
    cache.put(3, { ...rowAt(3), priority: 'high' });
    expect(cache.get(3)?.priority).toBe('high');
    cache.put(4, { ...rowAt(99) });
    expect(cache.get(4)?.id).toBe(4);
  });

  it('keeps rows that arrive after the window moved on without asking for a redraw, and redraws for rows in the window', async () => {
    const worker = fakeWorker();
    const cache = new RowCache(worker.fetch);
    let redraws = 0;
    cache.subscribe(() => redraws++);
    cache.sync(1);
    cache.ensure(0, 30, 1_000_000);
    cache.ensure(500_000, 500_030, 1_000_000);
    await settle();
    expect(worker.calls).toEqual([
      [0, BLOCK],
      [500_000, 500_000 + BLOCK],
    ]);
    expect(redraws).toBe(1);
    expect(cache.snapshot()).toBe(1);
    expect(cache.get(10)?.loc).toBe('https://example.com/10');
    expect(cache.get(500_010)?.loc).toBe('https://example.com/500010');
  });

  it('asks for no redraw when rows fetched ahead of a sweep arrive, and keeps them for the frame that reaches them', async () => {
    const worker = fakeWorker();
    const cache = new RowCache(worker.fetch);
    let redraws = 0;
    cache.subscribe(() => redraws++);
    cache.sync(1);
    cache.ensure(0, 30, 1_000_000);
    await settle();
    expect(redraws).toBe(1);
    cache.ensure(3_596, 3_634, 1_000_000, true);
    await settle();
    expect(worker.calls).toEqual([
      [0, BLOCK],
      [3_500, 3_700],
    ]);
    expect(redraws).toBe(1);
    expect(cache.get(3_600)?.loc).toBe('https://example.com/3600');
    // A window asked for as drawn still redraws when it arrives.
    cache.ensure(7_200, 7_230, 1_000_000);
    await settle();
    expect(redraws).toBe(2);
  });

  it('keeps the 60 blocks nearest the range asked for last, and fetches a dropped one again', async () => {
    const worker = fakeWorker();
    const cache = new RowCache(worker.fetch);
    cache.sync(1);
    // 70 blocks, one range at a time from the top down. Eviction runs as a range is asked for, before
    // it arrives: 60 blocks are kept then, and the one arriving makes 61; the farthest (0–8) went.
    for (let b = 0; b < 70; b++) {
      cache.ensure(b * BLOCK, (b + 1) * BLOCK, 1_000_000);
      await settle();
    }
    const held = Array.from({ length: 70 }, (_, b) => cache.get(b * BLOCK) !== undefined);
    expect(held.indexOf(true)).toBe(9);
    expect(held.filter(Boolean).length).toBe(61);
    const asked = worker.calls.length;
    cache.ensure(0, BLOCK, 1_000_000);
    expect(worker.calls.slice(asked)).toEqual([[0, BLOCK]]);
    await settle();
    expect(cache.get(0)?.loc).toBe('https://example.com/0');
    // Asked for block 0, the cache kept the 60 nearest it: block 69, the farthest, went.
    expect(cache.get(69 * BLOCK)).toBeUndefined();
    expect(cache.get(68 * BLOCK)?.loc).toBe(`https://example.com/${68 * BLOCK}`);
  });

  it('does not ask again for blocks whose load failed, until the view changes', async () => {
    const calls: [number, number][] = [];
    let fail = true;
    const cache = new RowCache((start, end) => {
      calls.push([start, end]);
      return fail
        ? Promise.reject(new Error('worker lost'))
        : Promise.resolve(Array.from({ length: end - start }, (_, i) => rowAt(start + i)));
    });
    let notified = 0;
    cache.subscribe(() => notified++);
    cache.sync(1);
    cache.ensure(0, 150, 1_000);
    await settle();
    expect(cache.get(5)).toBeUndefined();
    expect(notified).toBe(0);
    cache.ensure(0, 150, 1_000);
    expect(calls).toEqual([[0, 2 * BLOCK]]);
    fail = false;
    cache.sync(2);
    cache.ensure(0, 150, 1_000);
    expect(calls).toEqual([
      [0, 2 * BLOCK],
      [0, 2 * BLOCK],
    ]);
    await settle();
    // Blocks are evicted as rows are asked for: the next frame of the sweep.
    cache.ensure(800_000, 800_050, 1_000_000);
    expect(cache.get(5)?.loc).toBe('https://example.com/5');
    expect(notified).toBe(1);
  });

  it('ignores a failure answered for an older version', async () => {
    let reject: (e: Error) => void = () => {};
    const calls: number[] = [];
    const cache = new RowCache((start, end) => {
      calls.push(start);
      if (calls.length === 1) return new Promise<RowView[]>((_, no) => (reject = no));
      return Promise.resolve(Array.from({ length: end - start }, (_, i) => rowAt(start + i)));
    });
    cache.sync(1);
    cache.ensure(0, 10, 10);
    cache.sync(2);
    cache.ensure(0, 10, 10);
    reject(new Error('late'));
    await settle();
    expect(calls).toEqual([0, 0]);
    expect(cache.get(3)?.loc).toBe('https://example.com/3');
    cache.ensure(0, 10, 10);
    expect(calls).toEqual([0, 0]);
  });
  it('keeps the rows drawn outside the window (the focused row) through a sweep, and fetches them again when missing', async () => {
    const worker = fakeWorker();
    const cache = new RowCache(worker.fetch);
    let redraws = 0;
    cache.subscribe(() => redraws++);
    cache.sync(1);
    cache.keep([5], 1_000_000);
    expect(worker.calls).toEqual([[0, BLOCK]]);
    await settle();
    expect(redraws).toBe(1);
    // A sweep far away asks for more blocks than are held: the kept block stays.
    for (let k = 1; k <= 80; k++) cache.ensure(k * 10_000, k * 10_000 + 50, 1_000_000);
    await settle();
    // Blocks are evicted as rows are asked for: the next frame of the sweep.
    cache.ensure(800_000, 800_050, 1_000_000);
    expect(cache.get(5)?.loc).toBe('https://example.com/5');
    expect(cache.get(10_000)).toBeUndefined();
    // A new version drops every fresh row; keep asks for the kept one again, and its answer redraws.
    cache.sync(2);
    const before = redraws;
    cache.keep([5, -1], 1_000_000);
    expect(worker.calls.at(-1)).toEqual([0, BLOCK]);
    await settle();
    expect(cache.isFresh(5)).toBe(true);
    expect(redraws).toBe(before + 1);
  });
});

import { describe, expect, it } from 'vitest';
import type { RowView } from '../../worker/protocol';
import { BLOCK, RowCache } from './row-cache';

function rowAt(pos: number, tag = ''): RowView {
  return { id: pos, loc: `https://example.com/${pos}${tag}`, lastmod: '', changefreq: '', priority: '', ext: 0, extSummary: '', file: 'a.xml', problems: [] };
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
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FETCH, fetchSource, MAX_REDIRECTS } from './http-fetch';

let server: Server;
let o = '';
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      res.writeHead(302, { location: `/hop/${Number(hop[1]) + 1}` });
      return res.end();
    }
    if (path === '/loop-a') return res.writeHead(301, { location: '/loop-b' }).end();
    if (path === '/loop-b') return res.writeHead(301, { location: '/loop-a' }).end();
    if (path === '/nowhere') return res.writeHead(301).end();
    if (path === '/five') return res.writeHead(302, { location: '/hop/1' }).end();
    if (path === '/down') return res.writeHead(503, { 'retry-after': '0' }).end('down');
    if (path === '/flaky') return n < 3 ? res.writeHead(500).end() : res.writeHead(200).end('ok');
    if (path === '/big') return res.writeHead(200).end('x'.repeat(2000));
    res.writeHead(200).end('fine');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  o = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const opts = { ...DEFAULT_FETCH, timeoutMs: 5_000, retryDelayMs: 5 };

describe('fetchSource', () => {
  it(`follows up to ${MAX_REDIRECTS} redirects and lists them`, async () => {
    hits.clear();
    const got = await fetchSource(`${o}/hop/1`, opts);
    expect(got.ok).toBe(false);
    expect(got.redirects).toEqual([2, 3, 4, 5, 6, 7].map((n) => `${o}/hop/${n}`));
    expect(got.ok ? null : got.failure).toEqual({ kind: 'redirect', reason: 'more than 5 redirects' });
  });

  it('reports a redirect loop and a redirect without Location', async () => {
    const loop = await fetchSource(`${o}/loop-a`, opts);
    expect(loop.ok ? null : loop.failure).toEqual({
      kind: 'redirect',
      reason: `a redirect loop (2 redirects back to ${o}/loop-a)`,
    });
    const nowhere = await fetchSource(`${o}/nowhere`, opts);
    expect(nowhere.ok ? null : nowhere.failure).toEqual({
      kind: 'redirect',
      reason: '301 without a usable Location header',
    });
  });

  it('retries 5xx with back-off, then gives the last answer', async () => {
    hits.clear();
    const flaky = await fetchSource(`${o}/flaky`, opts);
    expect(flaky.ok && new TextDecoder().decode(flaky.bytes)).toBe('ok');
    expect(hits.get('/flaky')).toBe(3);
    const down = await fetchSource(`${o}/down`, { ...opts, retries: 1 });
    expect(down.ok ? null : down.failure).toEqual({ kind: 'http', status: 503, statusText: 'Service Unavailable' });
    expect(hits.get('/down')).toBe(2);
  });

  it('stops at the size cap, and says why a connection failed', async () => {
    const big = await fetchSource(`${o}/big`, { ...opts, maxBytes: 1000 });
    expect(big.ok ? null : big.failure).toEqual({
      kind: 'network',
      reason: 'the answer is larger than 1,000 bytes, the cap',
    });
    // A port that was just free: nothing listens there now.
    const spare = createServer();
    await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
    const port = (spare.address() as AddressInfo).port;
    await new Promise<void>((r) => spare.close(() => r()));
    const closed = await fetchSource(`http://127.0.0.1:${port}/sitemap.xml`, { ...opts, retries: 0 });
    expect(closed.ok ? null : closed.failure).toEqual({ kind: 'network', reason: 'fetch failed (ECONNREFUSED)' });
  });
});

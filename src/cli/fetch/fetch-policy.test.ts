import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange } from './http-exchange';
import { DEFAULT_POLICY, Fetcher, MAX_REDIRECTS, type Fetched, type FetchPolicy, type Resolver } from './fetch-policy';

let server: Server;
let o = '';
let port = 0;
const hits = new Map<string, number>();
/** The Host header of every request, in order. */
const hosts: string[] = [];
let inFlight = 0;
let maxInFlight = 0;
const inFlightByHost = new Map<string, number>();
let maxByHost = 0;
const timers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    const host = String(req.headers.host);
    hosts.push(host);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    inFlightByHost.set(host, (inFlightByHost.get(host) ?? 0) + 1);
    maxByHost = Math.max(maxByHost, inFlightByHost.get(host) ?? 0);
    res.on('close', () => {
      inFlight--;
      inFlightByHost.set(host, (inFlightByHost.get(host) ?? 1) - 1);
    });
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) return res.writeHead(302, { location: `/hop/${Number(hop[1]) + 1}` }).end();
    const to = /^\/to\?(.*)$/.exec(path);
    if (to) return res.writeHead(302, { location: decodeURIComponent(to[1] as string) }).end();
    if (path === '/loop-a') return res.writeHead(301, { location: '/loop-b' }).end();
    if (path === '/loop-b') return res.writeHead(301, { location: '/loop-a' }).end();
    if (path === '/nowhere') return res.writeHead(301).end();
    if (path === '/head-refused')
      return req.method === 'HEAD'
        ? res.writeHead(405).end()
        : res.writeHead(200, { 'x-robots-tag': 'noindex' }).end('body');
    if (path === '/headers')
      return res.writeHead(200, { link: '<https://example.com/c>; rel="canonical"', 'x-robots-tag': 'none' }).end('x');
    if (path === '/down') return res.writeHead(503, { 'retry-after': '0' }).end('down');
    if (path === '/flaky') return n < 3 ? res.writeHead(500).end() : res.writeHead(200).end('ok');
    if (path === '/big') return res.writeHead(200).end('x'.repeat(2000));
    if (path === '/gzip-encoded')
      return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('<urlset/>'.repeat(100)));
    if (path === '/gzip-bomb')
      return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(4 << 20)));
    if (path === '/slow') {
      const t = setTimeout(() => res.writeHead(200).end('late'), 5_000);
      timers.add(t);
      return;
    }
    if (path === '/a-while') {
      const t = setTimeout(() => res.writeHead(200).end('done'), 150);
      timers.add(t);
      return;
    }
    if (path === '/drip') {
      // A byte every 50 ms, for ever: only a time-out on the whole answer ends it.
      res.writeHead(200, { 'content-type': 'application/xml' });
      const t = setInterval(() => res.write('<'), 50);
      timers.add(t);
      res.on('close', () => clearInterval(t));
      return;
    }
    res.writeHead(200).end('fine');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  o = `http://127.0.0.1:${port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      server.close(() => r());
    }),
);

/**
 * The connection every Fetcher of these tests makes: to loopback only. A
 * request to any other address throws here instead of leaving the machine,
 * so a regression in the policy fails the test without sending a packet.
 */
const loopbackOnly: typeof exchange = (url, addresses, headers, signal, method) => {
  const outside = addresses.find((a) => !/^(127\.|::1$|::ffff:127\.)/.test(a.address));
  if (outside) throw new Error(`the test would have connected to ${outside.address} for ${url.href}`);
  methods.push(`${method ?? 'GET'} ${url.pathname}`);
  return exchange(url, addresses, headers, signal, method);
};
/** The method and path of every request the Fetchers made, in order. */
const methods: string[] = [];

/** The test server's host is the one named, as on a command line naming it. */
function fetcher(overrides: Partial<FetchPolicy> = {}, resolve?: Resolver): Fetcher {
  return new Fetcher(
    { ...DEFAULT_POLICY, timeoutMs: 5_000, retryDelayMs: 5, namedHosts: [`127.0.0.1:${port}`], ...overrides },
    { resolve, exchange: loopbackOnly },
  );
}

async function once(url: string, overrides: Partial<FetchPolicy> = {}, resolve?: Resolver): Promise<Fetched> {
  const f = fetcher(overrides, resolve);
  try {
    return await f.fetch(url);
  } finally {
    f.close();
  }
}

const failure = (got: Fetched) => (got.ok ? null : got.failure);
const redirectTo = (target: string) => `${o}/to?${encodeURIComponent(target)}`;

describe('Fetcher: fetching', () => {
  it(`follows up to ${MAX_REDIRECTS} redirects and lists them`, async () => {
    const got = await once(`${o}/hop/1`);
    expect(got.redirects).toEqual([2, 3, 4, 5, 6, 7].map((n) => `${o}/hop/${n}`));
    expect(failure(got)).toEqual({ kind: 'redirect', reason: 'more than 5 redirects' });
  });

  it('reports a redirect loop and a redirect without Location', async () => {
    expect(failure(await once(`${o}/loop-a`))).toEqual({
      kind: 'redirect',
      reason: `a redirect loop (2 redirects back to ${o}/loop-a)`,
    });
    expect(failure(await once(`${o}/nowhere`))).toEqual({
      kind: 'redirect',
      reason: '301 without a usable Location header',
    });
  });

  it('retries 5xx with back-off, then gives the last answer', async () => {
    hits.clear();
    const flaky = await once(`${o}/flaky`);
    expect(flaky.ok && new TextDecoder().decode(flaky.bytes)).toBe('ok');
    expect(hits.get('/flaky')).toBe(3);
    const down = await once(`${o}/down`, { retries: 1 });
    expect(failure(down)).toEqual({ kind: 'http', status: 503, statusText: 'Service Unavailable' });
    expect(hits.get('/down')).toBe(2);
  });

  it('stops at the size cap, also after Content-Encoding is undone, and says why a connection failed', async () => {
    expect(failure(await once(`${o}/big`, { maxBytes: 1000 }))).toEqual({
      kind: 'network',
      reason: 'the answer is larger than 1,000 bytes, the cap',
    });
    const encoded = await once(`${o}/gzip-encoded`);
    expect(encoded.ok && new TextDecoder().decode(encoded.bytes)).toBe('<urlset/>'.repeat(100));
    // 4 MiB of zeros in 4 KiB on the wire: the cap counts what it inflates to.
    expect(failure(await once(`${o}/gzip-bomb`, { maxBytes: 1 << 20 }))).toEqual({
      kind: 'network',
      reason: 'the answer is larger than 1,048,576 bytes, the cap',
    });
    // A port that was just free: nothing listens there now.
    const spare = createServer();
    await new Promise<void>((r) => spare.listen(0, '127.0.0.1', r));
    const sparePort = (spare.address() as AddressInfo).port;
    await new Promise<void>((r) => spare.close(() => r()));
    const closed = await once(`http://127.0.0.1:${sparePort}/sitemap.xml`, {
      retries: 0,
      namedHosts: [`127.0.0.1:${sparePort}`],
    });
    expect(failure(closed)).toEqual({ kind: 'network', reason: 'the connection failed (ECONNREFUSED)' });
  });

  it('times out an answer that drips, however steadily it comes', async () => {
    const got = await once(`${o}/drip`, { timeoutMs: 400 });
    expect(failure(got)).toEqual({ kind: 'network', reason: 'no answer within 400 ms (timed out)' });
  });

  it('keeps the first bytes of a truncated answer when asked (a robots.txt)', async () => {
    const f = fetcher();
    const got = await f.fetch(`${o}/big`, { maxBytes: 100, truncate: true });
    f.close();
    expect(got.ok && [got.bytes.length, got.truncated]).toEqual([100, true]);
  });
});

describe('Fetcher: what may be fetched', () => {
  it('refuses every scheme but http and https, given or redirected to (data: is never read as the sitemap)', async () => {
    for (const url of ['data:text/xml,<urlset/>', 'file:///etc/passwd', 'ftp://127.0.0.1/x', 'javascript:alert(1)'])
      expect(failure(await once(url))).toEqual({
        kind: 'refused',
        reason: `only http and https URLs are fetched, not ${new URL(url).protocol}`,
      });
    const viaRedirect = await once(redirectTo('data:application/xml,<urlset><url><loc>x</loc></url></urlset>'));
    expect(failure(viaRedirect)).toEqual({
      kind: 'refused',
      reason: 'only http and https URLs are fetched, not data:',
    });
    expect(viaRedirect.redirects).toHaveLength(1);
  });

  it('refuses a redirect to loopback, private, link-local and other non-public addresses in any spelling, before connecting', async () => {
    const targets = [
      'http://127.0.0.2:PORT/',
      'http://2130706434:PORT/',
      'http://0x7f.2:PORT/',
      'http://0177.0.0.2:PORT/',
      'http://127.2:PORT/',
      'http://0x7f000002:PORT/',
      'http://[::1]:PORT/',
      'http://[::ffff:127.0.0.1]:PORT/',
      'http://[::]:PORT/',
      'http://0.0.0.0:PORT/',
      'http://[fe80::1]:PORT/',
      'http://[fd00::1]:PORT/',
      'http://[ff02::1]:PORT/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      'http://10.0.0.1/',
      'http://192.168.0.1/',
      'http://172.16.0.1/',
      'http://224.0.0.1/',
      // The named host on another port is another host.
      'http://127.0.0.1:1/',
    ].map((t) => t.replace('PORT', String(port)));
    for (const target of targets) {
      const got = await once(redirectTo(target));
      const f = failure(got);
      expect([target, f?.kind]).toEqual([target, 'refused']);
      expect(f && 'reason' in f ? f.reason : '').toMatch(
        / is an? [^,]+ address; such addresses are fetched only from a host named on the command line or with --allow-private$/,
      );
    }
    expect(failure(await once(redirectTo('http://169.254.169.254/latest/meta-data/')))).toEqual({
      kind: 'refused',
      reason:
        '169.254.169.254 is a link-local (where cloud metadata services answer) address; such addresses are fetched only from a host named on the command line or with --allow-private',
    });
  });

  it('fetches a named host whatever its address, and lets --allow-private reach the others', async () => {
    expect((await once(`${o}/x`)).ok).toBe(true);
    // Allowed, so the connection is tried: nothing listens on 127.0.0.2.
    const tried = await once(redirectTo(`http://127.0.0.2:${port}/`), { allowPrivate: true, retries: 0 });
    expect(failure(tried)).toEqual({ kind: 'network', reason: 'the connection failed (ECONNREFUSED)' });
    const unnamed = await once(`${o}/x`, { namedHosts: [] });
    expect(failure(unnamed)?.kind).toBe('refused');
    expect((await once(`${o}/x`, { namedHosts: [], allowPrivate: true })).ok).toBe(true);
  });

  it('checks every address a name resolves to, and connects only to those it checked', async () => {
    const asked: string[] = [];
    const resolver: Resolver = async (name) => {
      asked.push(name);
      if (name === 'inside.test') return [{ address: '127.0.0.1', family: 4 }];
      if (name === 'mixed.test')
        return [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.7', family: 4 },
        ];
      if (name === 'metadata.test') return [{ address: '::ffff:169.254.169.254', family: 6 }];
      throw Object.assign(new Error('no such host'), { code: 'ENOTFOUND' });
    };
    expect(failure(await once(redirectTo(`http://inside.test:${port}/`), {}, resolver))).toEqual({
      kind: 'refused',
      reason:
        'inside.test (127.0.0.1) is a loopback address; such addresses are fetched only from a host named on the command line or with --allow-private',
    });
    expect(failure(await once(redirectTo('http://mixed.test/'), {}, resolver))?.kind).toBe('refused');
    expect(failure(await once(redirectTo('http://metadata.test/'), {}, resolver))?.kind).toBe('refused');
    expect(failure(await once(redirectTo('http://nowhere.test/'), { retries: 0 }, resolver))).toEqual({
      kind: 'network',
      reason: 'the host name nowhere.test does not resolve (ENOTFOUND)',
    });
    // inside.test exists only in this resolver: the answer proves the socket used the address checked, not a lookup of its own.
    asked.length = 0;
    hosts.length = 0;
    const pinned = await once(`http://inside.test:${port}/pinned`, { allowPrivate: true }, resolver);
    expect(pinned.ok && new TextDecoder().decode(pinned.bytes)).toBe('fine');
    expect(asked).toEqual(['inside.test']);
    expect(hosts).toEqual([`inside.test:${port}`]);
  });

  it('confines a run to the named hosts with sameHost, checking every redirect hop', async () => {
    const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    expect(
      failure(
        await once(redirectTo(`http://elsewhere.test:${port}/`), { sameHost: true, allowPrivate: true }, resolver),
      ),
    ).toEqual({
      kind: 'refused',
      reason: `elsewhere.test:${port} is not a host named on the command line (--same-host)`,
    });
    const f = fetcher({ allowPrivate: true }, resolver);
    const got = await f.fetch(redirectTo(`http://elsewhere.test:${port}/x`));
    f.close();
    expect(got.ok).toBe(true);
    expect([...f.otherHosts]).toEqual([[`elsewhere.test:${port}`, [`http://elsewhere.test:${port}/x`]]]);
  });
});

describe('Fetcher: the run’s caps', () => {
  it('stops at the deadline: what is under way is ended, nothing starts after it', async () => {
    const f = fetcher({ deadlineMs: 1_500 });
    const slow = await f.fetch(`${o}/slow`);
    expect(failure(slow)).toEqual({
      kind: 'refused',
      reason: "the run's deadline (1.5 s, --deadline) passed while it was read",
    });
    expect(failure(await f.fetch(`${o}/x`))).toEqual({
      kind: 'refused',
      reason: "the run's deadline (1.5 s, --deadline) passed before it was read",
    });
    f.close();
  });

  it('stops at the total bytes of the run', async () => {
    const f = fetcher({ maxTotalBytes: 3000 });
    expect((await f.fetch(`${o}/big`)).ok).toBe(true);
    expect(failure(await f.fetch(`${o}/big`))).toEqual({
      kind: 'refused',
      reason: "the run's total of 2.9 KiB (--max-total-mib) was reached while it was read",
    });
    expect(f.bytesRead).toBeLessThanOrEqual(3000);
    f.close();
  });

  it('counts sitemaps against the cap', () => {
    const f = fetcher({ maxSitemaps: 2 });
    expect([f.claimSitemap(), f.claimSitemap(), f.claimSitemap()]).toEqual([true, true, false]);
    f.close();
  });

  it('keeps to the per-host and the overall concurrency', async () => {
    const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const f = fetcher({ allowPrivate: true, concurrency: 3, hostConcurrency: 1 }, resolver);
    maxInFlight = 0;
    maxByHost = 0;
    const urls = ['a', 'b', 'c', 'd'].flatMap((h) => [1, 2].map((i) => `http://${h}.test:${port}/a-while?${i}`));
    const got = await Promise.all(urls.map((u) => f.fetch(u)));
    f.close();
    expect(got.every((g) => g.ok)).toBe(true);
    expect(maxByHost).toBe(1);
    expect(maxInFlight).toBeLessThanOrEqual(3);
  });
});

describe('Fetcher: a run cancelled, its rate, heads only', () => {
  it('stops a cancelled run: what is under way is ended, nothing starts after it', async () => {
    const f = fetcher();
    const slow = f.fetch(`${o}/slow`);
    // Once the request is under way (the server has it), the run is cancelled.
    await expect.poll(() => hits.get('/slow') ?? 0).toBeGreaterThan(0);
    f.cancel();
    expect(failure(await slow)).toEqual({ kind: 'refused', reason: 'the run was cancelled while it was read' });
    expect(failure(await f.fetch(`${o}/x`))).toEqual({
      kind: 'refused',
      reason: 'the run was cancelled before it was read',
    });
  });

  it('starts at most hostRate requests a second at one host', async () => {
    const f = fetcher({ hostRate: 20, hostConcurrency: 4 });
    const started = Date.now();
    await Promise.all([1, 2, 3, 4, 5].map((i) => f.fetch(`${o}/rate?${i}`)));
    f.close();
    // Five starts 50 ms apart: the last no sooner than 200 ms after the first (no upper bound: the machine may be busy).
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  it('asks for a head only: HEAD, its status and headers, a redirect answered and not followed', async () => {
    methods.length = 0;
    const f = fetcher();
    const ok = await f.head(`${o}/headers`);
    expect(ok.ok && [ok.status, ok.headers.link, ok.headers['x-robots-tag']]).toEqual([
      200,
      '<https://example.com/c>; rel="canonical"',
      'none',
    ]);
    const moved = await f.head(`${o}/hop/1`);
    expect(moved.ok && [moved.status, moved.headers.location]).toEqual([302, '/hop/2']);
    const refused = await f.head(`${o}/head-refused`);
    expect(refused.ok && refused.status).toBe(405);
    const get = await f.head(`${o}/head-refused`, 'GET');
    expect(get.ok && [get.status, get.headers['x-robots-tag']]).toEqual([200, 'noindex']);
    // Refused as fetch refuses: the scheme, a private address of a host not named.
    expect(await f.head('ftp://example.com/a')).toEqual({
      ok: false,
      url: 'ftp://example.com/a',
      failure: { kind: 'refused', reason: 'only http and https URLs are fetched, not ftp:' },
    });
    f.close();
    expect(methods).toEqual(['HEAD /headers', 'HEAD /hop/1', 'HEAD /head-refused', 'GET /head-refused']);
  });
});

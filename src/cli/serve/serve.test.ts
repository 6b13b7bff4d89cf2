import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameReader, SERVE_OPEN_PATH, SERVE_TOKEN_HEADER, type ReadFrame } from '../../core/live/serve-protocol';
import { DEFAULT_POLICY } from '../fetch/policy';
import { startTestSite, type TestSite } from '../fetch/test-site';
import { startServe, type Serving } from './serve-command';

/** A built app in miniature: a page and the headers the build writes. */
function appDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitemap-editor-serve-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html><head><meta http-equiv="Content-Security-Policy" content="connect-src \'self\'"></head><body></body></html>\n',
  );
  writeFileSync(join(dir, 'app.js'), 'console.log(1);\n');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(
    join(dir, '_headers'),
    "# test\n/*\n  Content-Security-Policy: connect-src 'self'; frame-ancestors 'none'\n  X-Frame-Options: DENY\n/open-url/*\n  Content-Security-Policy: connect-src 'self' https:\n",
  );
  return dir;
}

const FAST = { ...DEFAULT_POLICY, timeoutMs: 2_000, retryDelayMs: 10, hostRate: 0 };

let site: TestSite;
let open: Serving;
let strict: Serving;
beforeAll(async () => {
  site = await startTestSite();
  const dir = appDir();
  open = await startServe({ appDir: dir, port: 0, policy: { ...FAST, allowPrivate: true } });
  strict = await startServe({ appDir: dir, port: 0, policy: FAST });
});
afterAll(async () => {
  await open?.close();
  await strict?.close();
  await site?.close();
});

/** A request as the served page makes it: its Origin, its token. */
function call(s: Serving, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(new URL(SERVE_OPEN_PATH, s.url), {
    method: 'POST',
    headers: {
      origin: s.url.slice(0, -1),
      'content-type': 'application/json',
      [SERVE_TOKEN_HEADER]: s.token,
      ...headers,
    },
    body: JSON.stringify(body),
    signal,
  });
}

async function frames(res: Response): Promise<ReadFrame[]> {
  const reader = new FrameReader();
  const out: ReadFrame[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) out.push(...reader.push(chunk));
  expect(reader.clean).toBe(true);
  return out;
}

function end(all: ReadFrame[]) {
  const last = all.at(-1);
  if (last?.type !== 'end') throw new Error(`no end frame: ${JSON.stringify(last)}`);
  return last;
}

/** A raw request, its Host header as given. */
function raw(s: Serving, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, s.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port: url.port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serve: the page', () => {
  it('serves the built app with the headers the build wrote, the token in the page', async () => {
    const page = await fetch(open.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("connect-src 'self'; frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(`<meta name="sitemap-editor-serve" content="${open.token}" />`);
    expect(open.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(strict.token).not.toBe(open.token);
    const js = await fetch(new URL('/app.js', open.url));
    expect([js.status, js.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
  });

  it('serves nothing outside the app, no service worker, and nothing to another Host (DNS rebinding)', async () => {
    for (const path of ['/sw.js', '/_headers', '/%2e%2e/etc/passwd', '/../package.json', '/nothing.js'])
      expect([path, (await fetch(new URL(path, open.url))).status]).toEqual([path, 404]);
    const port = new URL(open.url).port;
    const rebound = await raw(open, '/', `attacker.example:${port}`);
    expect(rebound.status).toBe(421);
    expect(rebound.body).not.toContain(open.token);
    expect((await raw(open, '/', `localhost:${port}`)).status).toBe(421);
    expect((await raw(open, '/', `127.0.0.1:${port}`)).status).toBe(200);
  });
});

describe('serve: the fetch endpoint answers only the page it served', () => {
  it('refuses a request without the token, with another token, from another origin, or not a POST', async () => {
    const refusal = async (res: Response) => [res.status, ((await res.json()) as { refused: string }).refused];
    expect(await refusal(await call(open, { url: `${site.origin}/robots.txt` }, { [SERVE_TOKEN_HEADER]: '' }))).toEqual(
      [403, 'the token is missing or not this start’s: reload the page from the address sitemap-editor serve printed'],
    );
    expect((await call(open, { url: site.origin }, { [SERVE_TOKEN_HEADER]: strict.token })).status).toBe(403);
    expect(await refusal(await call(open, { url: site.origin }, { origin: 'https://evil.example' }))).toEqual([
      403,
      `requests come from ${open.url.slice(0, -1)} only, not from https://evil.example`,
    ]);
    expect((await call(open, { url: site.origin }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await fetch(new URL(SERVE_OPEN_PATH, open.url))).status).toBe(405);
    expect((await call(open, { nothing: 1 })).status).toBe(400);
    // None of them reached the site.
    expect(site.hits.size).toBe(0);
  });

  it('refuses a loopback or private address without --allow-private, with the CLI’s code', async () => {
    const got = end(await frames(await call(strict, { url: `${site.origin}/robots.txt` })));
    expect(got.problems.map((p) => [p.code, p.file, p.message])).toEqual([
      [
        'fetch-refused',
        `${site.origin}/robots.txt`,
        'Not fetched: 127.0.0.1 is a loopback address; such addresses are fetched only from a host named on the command line or with --allow-private',
      ],
    ]);
    const lan = end(await frames(await call(strict, { url: 'http://192.168.1.1/sitemap.xml' })));
    expect(lan.problems.map((p) => p.message)).toEqual([
      'Not fetched: 192.168.1.1 is a private address; such addresses are fetched only from a host named on the command line or with --allow-private',
    ]);
    const scheme = end(await frames(await call(strict, { url: 'file:///etc/passwd' })));
    expect(scheme.problems.map((p) => p.message)).toEqual([
      'Not fetched: only http and https URLs are fetched, not file:',
    ]);
    expect(site.hits.size).toBe(0);
  });

  it('walks robots.txt → index → children as check URL does, with progress, files and the fetch problems', async () => {
    const all = await frames(await call(open, { url: `${site.origin}/robots.txt` }));
    const progress = all.filter((f) => f.type === 'progress');
    expect(progress.length).toBe(9);
    expect(progress.at(-1)).toMatchObject({ done: 9, found: 9 });
    const files = all.filter((f) => f.type === 'file');
    expect(files.map((f) => f.name.slice(site.origin.length))).toEqual([
      '/robots.txt',
      '/sitemap-index.xml',
      '/sitemap-gz.xml.gz',
      '/blog/sitemap-plain.xml',
      '/sitemap-third.xml',
      '/sitemap-html.xml',
      '/sitemap-busy.xml',
    ]);
    // The gzipped child comes as it was served (1f 8b): the page's reader gunzips it.
    expect([...(files[2] as { data: Uint8Array }).data.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const notes = end(all);
    expect(notes.problems.map((p) => [p.code, (p.file ?? '').slice(site.origin.length)])).toEqual([
      ['fetch-redirected', '/old-sitemap.xml'],
      ['fetch-http-error', '/sitemap-missing.xml'],
      ['fetch-failed', '/sitemap-slow.xml'],
    ]);
    expect(notes.finalUrl).toContainEqual([`${site.origin}/old-sitemap.xml`, `${site.origin}/sitemap-third.xml`]);
    expect(notes.failed.sort()).toEqual([`${site.origin}/sitemap-missing.xml`, `${site.origin}/sitemap-slow.xml`]);
  }, 30_000);

  it('stops the walk when the page cancels (closes the request)', async () => {
    const abort = new AbortController();
    const res = await call(open, { url: `${site.origin}/sitemap-slow.xml` }, {}, abort.signal);
    await expect.poll(() => open.endpoint.running).toBe(1);
    abort.abort();
    await expect(res.arrayBuffer()).rejects.toThrow();
    await expect.poll(() => open.endpoint.running).toBe(0);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { urlset } from '../../fixtures/helpers';
import { runIndexNow } from './indexnow-command';
import { postJson, type PostJson } from './indexnow-post';
import { runAsync } from './test-helpers';

const KEY = 'a1b2c3d4e5f6a7b8';
const E = 'https://www.example.com';
const entries = (locs: string[]) => locs.map((l) => `<url><loc>${l}</loc></url>`).join('');

/** Two sitemap files in a fresh folder: before (/same, /changed, /gone) and after (/same, /changed with a lastmod, /new). */
function beforeAndAfter(
  after = `${entries([`${E}/same`, `${E}/new`])}<url><loc>${E}/changed</loc><lastmod>2025-01-02</lastmod></url>`,
) {
  const dir = mkdtempSync(join(tmpdir(), 'indexnow-'));
  const before = join(dir, 'before.xml');
  const now = join(dir, 'after.xml');
  writeFileSync(before, urlset(entries([`${E}/same`, `${E}/changed`, `${E}/gone`])));
  writeFileSync(now, urlset(after));
  return { before, after: now };
}

async function run(args: string[], post?: PostJson) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runIndexNow(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
    post,
  );
  return { code, out, err };
}

describe('cli indexnow --dry-run', () => {
  it('prints the payload of the added and changed URLs only, as one JSON line, notes on stderr', async () => {
    const f = beforeAndAfter();
    const r = await runAsync('indexnow', f.before, '--', f.after, '--key', KEY, '--dry-run');
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(1);
    expect(JSON.parse(r.out[0] as string)).toEqual({
      host: 'www.example.com',
      key: KEY,
      urlList: [`${E}/new`, `${E}/changed`],
    });
    expect(r.err).toEqual(['dry run: 2 URLs added or changed on www.example.com in 1 request; nothing was sent']);
  });

  it('adds keyLocation when given, and splits 10,001 URLs into two requests', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => `${E}/p/${i}`);
    const f = beforeAndAfter(entries(many));
    const r = await run([f.before, '--key-location', `${E}/k/${KEY}.txt`, '--', f.after, '--key', KEY, '--dry-run']);
    // Under /k/ only: the key file's folder covers nothing else.
    expect(r.code).toBe(1);
    expect(r.err.at(-1)).toBe(
      'dry run: 0 URLs added or changed on www.example.com in 0 requests; 10,001 URLs refused (listed above); nothing was sent',
    );
    const r2 = await run([f.before, '--', f.after, '--key', KEY, '--dry-run', '--key-location', `${E}/${KEY}.txt`]);
    expect(r2.code).toBe(0);
    const bodies = r2.out.map((l) => JSON.parse(l));
    expect(bodies.map((b) => b.urlList.length)).toEqual([10_000, 1]);
    expect(bodies[1]).toEqual({
      host: 'www.example.com',
      key: KEY,
      keyLocation: `${E}/${KEY}.txt`,
      urlList: [`${E}/p/10000`],
    });
  });

  it('refuses and lists URLs on another host than --host, and asks for one when the URLs are on several', async () => {
    const f = beforeAndAfter(entries([`${E}/a`, 'https://shop.example.com/b']));
    const ask = await runAsync('indexnow', f.before, '--', f.after, '--key', KEY, '--dry-run');
    expect(ask.code).toBe(2);
    expect(ask.err[0]?.split('\n')[0]).toBe(
      'error: The URLs are on 2 hosts (shop.example.com (1), www.example.com (1)); IndexNow takes one host per request: choose one with --host.',
    );
    const r = await run([f.before, '--', f.after, '--key', KEY, '--host', 'www.example.com', '--dry-run']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out[0] as string).urlList).toEqual([`${E}/a`]);
    expect(r.err[0]).toBe(
      'refused https://shop.example.com/b: on shop.example.com, not www.example.com: IndexNow takes one host per request',
    );
  });

  it('checks the key and the command line', async () => {
    const f = beforeAndAfter();
    const bad = await runAsync('indexnow', f.before, '--', f.after, '--key', 'key_1234', '--dry-run');
    expect(bad.code).toBe(2);
    expect(bad.err[0]?.split('\n')[0]).toBe(
      'error: The key is not valid: an IndexNow key holds only a-z, A-Z, 0-9 and "-"; this one has "_".',
    );
    expect((await runAsync('indexnow', f.before, '--', f.after)).err[0]).toMatch(/^error: --key KEY is required/);
    expect((await runAsync('indexnow', f.before, f.after, '--key', KEY)).err[0]).toMatch(/put -- between/);
    expect((await runAsync('indexnow', f.before, '--', f.after, '--key', KEY, '--endpoint', 'x')).code).toBe(2);
  });

  it('says so when nothing was added or changed', async () => {
    const f = beforeAndAfter(entries([`${E}/same`, `${E}/changed`]));
    const r = await run([f.before, '--', f.after, '--key', KEY]);
    expect(r).toEqual({ code: 0, out: ['nothing to notify: no URL was added or changed'], err: [] });
  });
});

describe('cli indexnow posting (a server on 127.0.0.1)', () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A server answering the statuses in turn, recording each request. */
  async function endpoint(statuses: number[], body = '') {
    const seen: { method: string; type: string; body: string; url: string }[] = [];
    server = createServer((req: IncomingMessage, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (text += c));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          type: req.headers['content-type'] ?? '',
          body: text,
          url: req.url ?? '',
        });
        res.statusCode = statuses[seen.length - 1] ?? 500;
        res.end(body);
      });
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    return { url: `http://127.0.0.1:${port}/indexnow`, seen };
  }

  it('posts each request as JSON in UTF-8 and reports each answer', async () => {
    const many = Array.from({ length: 10_002 }, (_, i) => `${E}/p/${i}`);
    const f = beforeAndAfter(entries(many));
    const ep = await endpoint([200, 202]);
    const r = await runAsync('indexnow', f.before, '--', f.after, '--key', KEY, '--endpoint', ep.url);
    expect(r.code).toBe(0);
    expect(r.out).toEqual([
      'request 1 of 2 (10,000 URLs): 200 OK: URLs submitted successfully',
      'request 2 of 2 (2 URLs): 202 Accepted: URLs received; the key is still being validated (the search engine fetches the key file)',
      '10,002 URLs added or changed on www.example.com in 2 requests; 2 accepted, 0 not',
    ]);
    expect(ep.seen.map((s) => [s.method, s.type, s.url])).toEqual([
      ['POST', 'application/json; charset=utf-8', '/indexnow'],
      ['POST', 'application/json; charset=utf-8', '/indexnow'],
    ]);
    const second = JSON.parse(ep.seen[1]?.body ?? '');
    expect(second).toEqual({ host: 'www.example.com', key: KEY, urlList: [`${E}/p/10000`, `${E}/p/10001`] });
  });

  it('reports a refusal in the protocol words with what the endpoint said, and exits 1', async () => {
    const f = beforeAndAfter();
    const ep = await endpoint([422], '{"message":"URLs\nnot on host"}');
    const r = await run([f.before, '--', f.after, '--key', KEY, '--endpoint', ep.url], postJson);
    expect(r.code).toBe(1);
    expect(r.out[0]).toBe(
      `request 1 of 1 (2 URLs): 422 Unprocessable Entity: URLs that don't belong to the host, or a key that does not match the protocol's format (the endpoint said: {"message":"URLs not on host"})`,
    );
  });

  it('stops after a 403 or a 429: the next requests would be refused alike', async () => {
    const many = Array.from({ length: 25_000 }, (_, i) => `${E}/p/${i}`);
    const f = beforeAndAfter(entries(many));
    const ep = await endpoint([200, 429]);
    const r = await run([f.before, '--', f.after, '--key', KEY, '--endpoint', ep.url]);
    expect(r.code).toBe(1);
    expect(ep.seen).toHaveLength(2);
    expect(r.out.slice(1)).toEqual([
      'request 2 of 3 (10,000 URLs): 429 Too Many Requests: seen as potential spam; send less often',
      'stopped: the other 1 request would be refused alike, so it was not sent',
      '25,000 URLs added or changed on www.example.com in 3 requests; 1 accepted, 2 not',
    ]);
  });

  it('reports an endpoint that does not answer', async () => {
    const f = beforeAndAfter();
    const ep = await endpoint([]);
    const url = ep.url;
    await new Promise<void>((done) => server?.close(() => done()));
    server = null;
    const r = await run([f.before, '--', f.after, '--key', KEY, '--endpoint', url]);
    expect(r.code).toBe(1);
    expect(r.out[0]).toMatch(/^request 1 of 1 \(2 URLs\): no answer from http:\/\/127\.0\.0\.1:\d+\/indexnow: /);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLive } from './fetch/live-input';
import { mainAsync } from './main';
import { linkCanonical, robotsTagNoindex } from './probe';

/** A site on 127.0.0.1 whose listed pages answer every way the probe must tell apart. */
let server: Server;
let o = '';
/** Each request the site got: method and path. */
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    asked.push(`${req.method} ${path}`);
    const pages = ['/ok', '/gone', '/broken', '/moved', '/noindex', '/canon', '/no-head', '/OK/'];
    if (path === '/sitemap.xml') {
      const locs = [...pages.map((p) => `${o}${p}`), 'https://other.example/page'];
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n')}\n</urlset>\n`,
      );
      return;
    }
    const html = { 'content-type': 'text/html' };
    if (path === '/ok' || path === '/OK/') res.writeHead(200, html);
    else if (path === '/gone') res.writeHead(404, html);
    else if (path === '/broken') res.writeHead(503, html);
    else if (path === '/moved') res.writeHead(301, { location: `${o}/ok` });
    else if (path === '/noindex') res.writeHead(200, { ...html, 'x-robots-tag': 'googlebot: noindex, nofollow' });
    else if (path === '/canon') res.writeHead(200, { ...html, link: `<${o}/ok>; rel="canonical"` });
    else if (path === '/no-head') res.writeHead(req.method === 'HEAD' ? 405 : 200, html);
    else res.writeHead(404, html);
    res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>page</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  o = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  clearLive();
  asked.length = 0;
});

async function check(...argv: string[]) {
  const out: string[] = [];
  const code = await mainAsync(
    ['check', `${o}/sitemap.xml`, '--timeout', '2000', '--retry-delay', '10', '--retries', '0', ...argv],
    (l) => out.push(l),
    (l) => out.push(l),
  );
  return { code, out };
}

describe('check URL --probe', () => {
  it('asks every listed URL on the site, GET where HEAD is refused, and reports the crawl rules', async () => {
    const { code, out } = await check('--probe', 'all', '--json');
    const report = JSON.parse(out.at(-1) as string);
    expect(report.probe).toEqual({
      eligible: 8,
      probed: 8,
      otherHosts: 1,
      getAfterHead: 1,
      answers: { ok: 5, redirect: 1, clientError: 1, serverError: 1, failed: 0 },
    });
    expect(report.problems).toMatchObject({
      'crawl-not-found': 1,
      'crawl-server-error': 1,
      'crawl-redirect': 1,
      'crawl-noindex': 1,
      'crawl-canonical': 1,
    });
    const probed = (report.list as { code: string; message: string }[]).filter((p) => p.code.startsWith('crawl-'));
    expect(probed.map((p) => p.code).sort()).toEqual([
      'crawl-canonical',
      'crawl-noindex',
      'crawl-not-found',
      'crawl-redirect',
      'crawl-server-error',
    ]);
    expect(probed.find((p) => p.code === 'crawl-redirect')?.message).toContain(`when probed (to ${o}/ok)`);
    expect(code).toBe(0);
    // The other host was never asked, no redirect was followed, and GET only where HEAD was refused.
    const pageRequests = asked.filter((a) => !a.endsWith('/sitemap.xml'));
    expect(pageRequests.sort()).toEqual(
      [
        'HEAD /ok',
        'HEAD /OK/',
        'HEAD /gone',
        'HEAD /broken',
        'HEAD /moved',
        'HEAD /noindex',
        'HEAD /canon',
        'HEAD /no-head',
        'GET /no-head',
      ].sort(),
    );
  }, 30_000);

  it('asks a sample of N and says so in the text report', async () => {
    const { out } = await check('--probe', '3');
    expect(asked.filter((a) => a.startsWith('HEAD ')).length).toBe(3);
    expect(out.some((l) => l.startsWith('probed 3 of 8 listed URLs:'))).toBe(true);
  }, 30_000);

  it('refuses a bad count and a probe without the site', async () => {
    expect((await check('--probe', '0')).code).toBe(2);
    const out: string[] = [];
    const code = await mainAsync(
      ['check', '../shared/corpus/README.md', '--probe', '2'],
      (l) => out.push(l),
      (l) => out.push(l),
    );
    expect(code).toBe(2);
    expect(out.join('\n')).toContain('--probe needs the site');
  });
});

describe('the headers a probe reads', () => {
  it('finds noindex in X-Robots-Tag for every crawler or for Google only', () => {
    expect(robotsTagNoindex('noindex')).toBe(true);
    expect(robotsTagNoindex('none')).toBe(true);
    expect(robotsTagNoindex(['nofollow', 'googlebot: noindex'])).toBe(true);
    expect(robotsTagNoindex('otherbot: noindex')).toBe(false);
    expect(robotsTagNoindex('unavailable_after: 25 Jun 2030 15:00:00 PST')).toBe(false);
    expect(robotsTagNoindex(undefined)).toBe(false);
  });

  it('reads the canonical a Link header names, resolved against the URL', () => {
    expect(linkCanonical('</a>; rel="canonical"', 'https://x.test/b')).toBe('https://x.test/a');
    expect(linkCanonical('<https://x.test/p2>; rel="next", <https://x.test/c>; rel=canonical', 'https://x.test/')).toBe(
      'https://x.test/c',
    );
    expect(linkCanonical('<https://x.test/p2>; rel="next"', 'https://x.test/')).toBe('');
  });
});

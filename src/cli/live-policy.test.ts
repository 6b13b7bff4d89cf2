/*
 * The fetch policy through the command line, against a hostile site on
 * 127.0.0.1: its robots.txt and index point at other loopback spellings
 * (127.0.0.2 and localhost stand for a private network: loopback, so refused
 * unless named or allowed), other schemes and a planted secret. Every
 * address used here is on loopback, whatever the policy does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLive } from './fetch/live-input';
import { runAsync } from './test-helpers';

let server: Server;
let o = '';
let port = 0;
const hits = new Map<string, number>();
const timers = new Set<NodeJS.Timeout>();
const SECRET = 'password=hunter2 aws_secret_access_key=wJalrXUtnFEMI';

const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<url><loc>${l}</loc></url>\n`).join('')}</urlset>\n`;
const index = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

/** Loopback in the spellings a hostile file uses; none of them is the host named (127.0.0.1:port). */
const elsewhere = () => [
  `http://127.0.0.2:${port}/a.xml`,
  `http://2130706434:${port}/b.xml`,
  `http://0x7f.2:${port}/c.xml`,
  `http://0177.0.0.2:${port}/d.xml`,
  `http://[::1]:${port}/e.xml`,
  `http://[::ffff:127.0.0.2]:${port}/f.xml`,
  `http://localhost:${port}/secret.xml`,
  `http://127.0.0.1:${port + 1 === 65536 ? 1 : port + 1}/g.xml`,
];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (body: string, status = 200, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/xml', ...headers }).end(body);
    if (path === '/robots.txt')
      return send(
        `User-agent: *\nAllow: /\n\n${[
          `${o}/ok.xml`,
          ...elsewhere(),
          'data:text/plain,https://data.example/',
          'file:///etc/passwd',
          `${o}/to-secret.xml`,
          `${o}/to-data.xml`,
        ]
          .map((u) => `Sitemap: ${u}\n`)
          .join('')}`,
      );
    if (path === '/index.xml')
      return send(index([`${o}/ok.xml`, `http://127.0.0.2:${port}/child.xml`, 'file:///etc/passwd']));
    if (path === '/many.txt')
      return send(`User-agent: *\n${[1, 2, 3, 4, 5].map((n) => `Sitemap: ${o}/ok.xml?${n}\n`).join('')}`);
    if (path === '/slow-list.txt')
      return send(`User-agent: *\n${[1, 2, 3].map((n) => `Sitemap: ${o}/slow.xml?${n}\n`).join('')}`);
    if (path === '/slow.xml') {
      // Past the deadline the test sets; cleared when the server closes.
      const t = setTimeout(() => send(urlset([`${o}/late`])), 8_000);
      timers.add(t);
      return;
    }
    if (path === '/ok.xml') return send(urlset([`${o}/page`]));
    if (path === '/secret.xml') return send(urlset([`${o}/?${SECRET.replace(/ /g, '&')}`]));
    if (path === '/to-secret.xml') return send('', 302, { location: `http://localhost:${port}/secret.xml` });
    if (path === '/to-data.xml') return send('', 302, { location: 'data:application/xml,<urlset/>' });
    if (path === '/big-robots.txt')
      return send(`User-agent: *\n${'Disallow: /x\n'.repeat(60_000)}Sitemap: ${o}/ok.xml\n`);
    if (path === '/huge.xml') return send(urlset(Array.from({ length: 14_000 }, (_, i) => `${o}/p/${i}`)));
    if (path === '/two-huge.txt') return send(`User-agent: *\nSitemap: ${o}/huge.xml?1\nSitemap: ${o}/huge.xml?2\n`);
    send('not found', 404);
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
beforeEach(() => {
  clearLive();
  hits.clear();
});

const FAST = ['--timeout', '3000', '--retry-delay', '10', '--retries', '0'];

interface Listed {
  code: string;
  file: string;
  message: string;
  severity: string;
}

async function checkJson(...args: string[]) {
  const r = await runAsync('check', ...args, '--json', ...FAST);
  expect(r.err).toEqual([]);
  return {
    code: r.code,
    report: JSON.parse(r.out[0] ?? '') as { problems: Record<string, number>; list: Listed[]; urls: number },
    out: r.out.join('\n'),
  };
}

describe('check URL: the fetch policy', () => {
  it('refuses Sitemap: lines and redirects to loopback spellings, other schemes and data:, and never prints what is there', async () => {
    const { code, report, out } = await checkJson(`${o}/robots.txt`);
    expect(code).toBe(1);
    const refused = report.list.filter((p) => p.code === 'fetch-refused');
    expect(refused.map((p) => p.file)).toEqual([
      ...elsewhere(),
      'data:text/plain,https://data.example/',
      'file:///etc/passwd',
      `${o}/to-secret.xml`,
      `${o}/to-data.xml`,
    ]);
    expect(report.problems['fetch-refused']).toBe(12);
    expect(refused[0]?.message).toBe(
      'Not fetched: 127.0.0.2 is a loopback address; such addresses are fetched only from a host named on the command line or with --allow-private',
    );
    expect(refused.find((p) => p.file.startsWith('http://2130706434'))?.message).toContain(
      '127.0.0.2 is a loopback address',
    );
    expect(refused.find((p) => p.file.startsWith('http://[::1]'))?.message).toContain('[::1] is a loopback address');
    expect(refused.find((p) => p.file.startsWith('http://localhost'))?.message).toContain(
      'localhost (127.0.0.1) is a loopback address',
    );
    expect(refused.find((p) => p.file.startsWith('data:'))?.message).toBe(
      'Not fetched: only http and https URLs are fetched, not data:',
    );
    expect(refused.find((p) => p.file === `${o}/to-data.xml`)?.message).toBe(
      'Not fetched (after redirects to data:application/xml,<urlset/>): only http and https URLs are fetched, not data:',
    );
    // The secret was never asked for, so it cannot be in the report.
    expect(hits.get('/secret.xml')).toBeUndefined();
    expect(out).not.toContain('hunter2');
    expect(report.urls).toBe(1);
    expect(report.problems['fetch-other-host']).toBeUndefined();
  });

  it('refuses an index entry to another scheme or a private address, and does not also call it missing', async () => {
    const { report } = await checkJson(`${o}/index.xml`);
    expect(report.list.filter((p) => p.code === 'fetch-refused').map((p) => p.file)).toEqual([
      `http://127.0.0.2:${port}/child.xml`,
      'file:///etc/passwd',
    ]);
    expect(report.problems['index-child-missing']).toBeUndefined();
    expect(report.urls).toBe(1);
  });

  it('--allow-private reaches them (and names each other host reached); --same-host refuses every other host', async () => {
    const allowed = await checkJson(`${o}/robots.txt`, '--allow-private');
    expect(hits.get('/secret.xml')).toBe(2);
    expect(allowed.out).toContain('hunter2');
    const other = allowed.report.list.filter((p) => p.code === 'fetch-other-host');
    expect(other.map((p) => [p.file, p.severity])).toContainEqual([`http://localhost:${port}/secret.xml`, 'info']);
    expect(other.find((p) => p.file.startsWith('http://localhost'))?.message).toBe(
      `Fetched from localhost:${port}, a host not named on the command line (2 URLs, the first http://localhost:${port}/secret.xml); --same-host fetches only the hosts named`,
    );
    // Other schemes stay refused whatever the addresses allowed.
    expect(allowed.report.list.filter((p) => p.code === 'fetch-refused').map((p) => p.file.slice(0, 5))).toEqual([
      'data:',
      'file:',
      `${o}`.slice(0, 5),
    ]);

    clearLive();
    hits.clear();
    const confined = await checkJson(`${o}/robots.txt`, '--allow-private', '--same-host');
    expect(hits.get('/secret.xml')).toBeUndefined();
    expect(confined.report.list.find((p) => p.file.startsWith('http://localhost'))?.message).toBe(
      `Not fetched: localhost:${port} is not a host named on the command line (--same-host)`,
    );
  });

  it('names a host on the command line to trust it', async () => {
    const { report } = await checkJson(`${o}/robots.txt`, `http://localhost:${port}/secret.xml`);
    expect(report.list.find((p) => p.file === `http://localhost:${port}/secret.xml`)?.code).not.toBe('fetch-refused');
    // Named once, listed once, redirected to once: each a fetch.
    expect(hits.get('/secret.xml')).toBe(3);
  });
});

describe('check URL: the caps', () => {
  it('fetches at most --max-sitemaps sitemaps from content and says, at the list, what was left', async () => {
    const { report } = await checkJson(`${o}/many.txt`, '--max-sitemaps', '2');
    expect(hits.get('/ok.xml')).toBe(2);
    expect(report.list.filter((p) => p.code === 'fetch-refused')).toEqual([
      {
        code: 'fetch-refused',
        severity: 'error',
        file: `${o}/many.txt`,
        message: `3 of the sitemaps listed here were not fetched (the first: ${o}/ok.xml?3): the run's cap of 2 sitemaps (--max-sitemaps) was reached`,
      },
    ]);
  });

  it('reads 500 KiB of a robots.txt at most', async () => {
    const { report } = await checkJson(`${o}/big-robots.txt`);
    expect(report.list.filter((p) => p.code === 'fetch-refused')).toEqual([
      {
        code: 'fetch-refused',
        severity: 'warning',
        file: `${o}/big-robots.txt`,
        message:
          'This robots.txt is larger than 500 KiB, the cap on a robots.txt (Google reads no further): only its first 500 KiB were read',
      },
    ]);
    // Its Sitemap: line is past the cap, so it is not followed.
    expect(hits.get('/ok.xml')).toBeUndefined();
  });

  it('stops at --max-total-mib', async () => {
    // One at a time, so the first fits and the second passes the total (read side by side, both would).
    const { report } = await checkJson(`${o}/two-huge.txt`, '--max-total-mib', '1', '--host-concurrency', '1');
    expect(report.list.filter((p) => p.code === 'fetch-refused').map((p) => p.message)).toEqual([
      "Not fetched: the run's total of 1 MiB (--max-total-mib) was reached while it was read",
    ]);
    expect(report.urls).toBe(14_000);
  });

  it('ends the run at --deadline: what is under way is stopped, what waits is not started', async () => {
    const { report } = await checkJson(`${o}/slow-list.txt`, '--deadline', '3');
    const refused = report.list.filter((p) => p.code === 'fetch-refused');
    expect(refused.map((p) => p.file)).toEqual([1, 2, 3].map((n) => `${o}/slow.xml?${n}`));
    for (const p of refused)
      expect(p.message).toMatch(
        /^Not fetched: the run's deadline \(3 s, --deadline\) passed (while|before) it was read$/,
      );
    expect(report.urls).toBe(0);
  });

  it('states every cap in --help, and refuses a bad value', async () => {
    const help = await runAsync('--help');
    for (const option of [
      '--deadline S',
      '--max-sitemaps N',
      '--max-total-mib N',
      '--host-concurrency N',
      '--same-host',
      '--allow-private',
      '500 KiB a robots.txt',
      '256 MiB an answer',
    ])
      expect(help.out.join('\n')).toContain(option);
    const bad = await runAsync('check', `${o}/robots.txt`, '--deadline', 'soon');
    expect(bad.code).toBe(2);
    expect(bad.err[0]?.split('\n')[0]).toBe('error: --deadline needs a whole number of at least 1, not "soon"');
  });
});

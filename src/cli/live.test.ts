import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearLive } from './fetch/live-input';
import { USER_AGENT } from './fetch/fetch-policy';
import { startTestSite, type TestSite } from './fetch/test-site';
import { mainAsync } from './main';

let site: TestSite;
let o = '';
beforeAll(async () => {
  site = await startTestSite();
  o = site.origin;
});
afterAll(() => site.close());
beforeEach(() => clearLive());

/** Short timeout and back-off: the slow sitemap takes 6 s, the 429 asks for 1 s; room for a loaded machine. */
const FAST = ['--timeout', '2000', '--retry-delay', '10'];

async function run(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await mainAsync(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}

/** What the site holds, as every format must report it. */
const EXPECTED_PROBLEMS = {
  'fetch-redirected': 1,
  'fetch-http-error': 1,
  'not-a-sitemap': 1,
  'fetch-failed': 1,
  'robots-blocked': 1,
  'loc-not-allowed': 1,
};

describe('check a live site from its robots.txt', () => {
  it('gets every URL, each fetch problem and each blocked URL (json)', async () => {
    const r = await run('check', `${o}/robots.txt`, '--format', 'json', ...FAST);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out[0] ?? '');
    expect({ ...report, files: undefined, list: undefined }).toEqual({
      urls: 9,
      sitemaps: 4,
      indexes: 1,
      errors: 3,
      warnings: 2,
      infos: 1,
      problems: EXPECTED_PROBLEMS,
      files: undefined,
      list: undefined,
    });
    expect(report.files).toEqual([
      { name: `${o}/robots.txt`, kind: 'none', urls: 0, errors: 0, warnings: 0, infos: 0 },
      { name: `${o}/sitemap-index.xml`, kind: 'sitemapindex', urls: 0, errors: 0, warnings: 0, infos: 0 },
      { name: `${o}/sitemap-gz.xml.gz`, kind: 'urlset', urls: 3, errors: 0, warnings: 1, infos: 0 },
      { name: `${o}/blog/sitemap-plain.xml`, kind: 'urlset', urls: 3, errors: 0, warnings: 1, infos: 0 },
      { name: `${o}/sitemap-third.xml`, kind: 'urlset', urls: 2, errors: 0, warnings: 0, infos: 0 },
      { name: `${o}/sitemap-html.xml`, kind: 'none', urls: 0, errors: 1, warnings: 0, infos: 0 },
      { name: `${o}/sitemap-busy.xml`, kind: 'urlset', urls: 1, errors: 0, warnings: 0, infos: 0 },
      { name: `${o}/old-sitemap.xml`, kind: 'none', urls: 0, errors: 0, warnings: 0, infos: 1 },
      { name: `${o}/sitemap-missing.xml`, kind: 'none', urls: 0, errors: 1, warnings: 0, infos: 0 },
      { name: `${o}/sitemap-slow.xml`, kind: 'none', urls: 0, errors: 1, warnings: 0, infos: 0 },
    ]);
    const list = report.list.map((p: { code: string; file: string; line?: number; message: string }) => [
      p.code,
      p.file,
      p.line ?? 0,
      p.message,
    ]);
    expect(list).toEqual([
      [
        'not-a-sitemap',
        `${o}/sitemap-html.xml`,
        1,
        'This is an HTML page, not a sitemap: the server may have sent a web page (an error page or a login page) where the sitemap should be (Search Console: "Sitemap is HTML / Unsupported format")',
      ],
      [
        'fetch-redirected',
        `${o}/old-sitemap.xml`,
        0,
        `The URL redirects (1 redirect: ${o}/sitemap-third.xml); it was read from ${o}/sitemap-third.xml, whose location the rules use`,
      ],
      [
        'fetch-http-error',
        `${o}/sitemap-missing.xml`,
        0,
        'HTTP error: 404 Not Found: the server did not send the file (Search Console: "HTTP error")',
      ],
      [
        'fetch-failed',
        `${o}/sitemap-slow.xml`,
        0,
        'Couldn\'t fetch the URL: no answer within 2,000 ms (timed out) (Search Console: "Couldn\'t fetch")',
      ],
      [
        'robots-blocked',
        `${o}/sitemap-gz.xml.gz`,
        5,
        `URL "${o}/private/secret" is blocked for Googlebot by ${o}/robots.txt line 2 ("Disallow: /private/"), so it cannot be crawled (Search Console: "Sitemap contains URLs which are blocked by robots.txt")`,
      ],
      [
        'loc-not-allowed',
        `${o}/blog/sitemap-plain.xml`,
        5,
        `URL "${o}/shop/item" is outside ${o}/blog/, where the sitemap is served (Search Console: "URL not allowed / Path mismatch")`,
      ],
    ]);
    expect(site.hits.get('/sitemap-busy.xml')).toBe(2);
    expect(site.maxInFlight).toBeLessThanOrEqual(4);
    expect(new Set(site.agents)).toEqual(new Set([USER_AGENT]));
    expect(USER_AGENT).toMatch(/^sitemap-editor\/0\.1\.0 /);
  });

  it('prints located lines and the totals (text)', async () => {
    const r = await run('check', `${o}/robots.txt`, ...FAST);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      `${o}/sitemap-missing.xml: error fetch-http-error: HTTP error: 404 Not Found: the server did not send the file (Search Console: "HTTP error")`,
    );
    expect(r.out).toContain(
      `${o}/sitemap-gz.xml.gz:5:3: warning robots-blocked: URL "${o}/private/secret" is blocked for Googlebot by ${o}/robots.txt line 2 ("Disallow: /private/"), so it cannot be crawled (Search Console: "Sitemap contains URLs which are blocked by robots.txt")`,
    );
    expect(r.out.at(-1)).toBe('9 URLs in 4 sitemaps and 1 index: 3 errors, 2 warnings, 1 info');
    expect(r.out).toHaveLength(7);
  });

  it('annotates for GitHub, naming the URL', async () => {
    const r = await run('check', `${o}/robots.txt`, '--format', 'github', ...FAST);
    const port = o.slice(o.lastIndexOf(':') + 1);
    const file = (path: string) => `file=http%3A//127.0.0.1%3A${port}${path}`;
    expect(r.out.slice(0, 6)).toEqual([
      `::error ${file('/sitemap-html.xml')},line=1,col=1,title=not-a-sitemap::This is an HTML page, not a sitemap: the server may have sent a web page (an error page or a login page) where the sitemap should be (Search Console: "Sitemap is HTML / Unsupported format")`,
      `::notice ${file('/old-sitemap.xml')},title=fetch-redirected::The URL redirects (1 redirect: ${o}/sitemap-third.xml); it was read from ${o}/sitemap-third.xml, whose location the rules use`,
      `::error ${file('/sitemap-missing.xml')},title=fetch-http-error::HTTP error: 404 Not Found: the server did not send the file (Search Console: "HTTP error")`,
      `::error ${file('/sitemap-slow.xml')},title=fetch-failed::Couldn't fetch the URL: no answer within 2,000 ms (timed out) (Search Console: "Couldn't fetch")`,
      `::warning ${file('/sitemap-gz.xml.gz')},line=5,col=3,title=robots-blocked::URL "${o}/private/secret" is blocked for Googlebot by ${o}/robots.txt line 2 ("Disallow: /private/"), so it cannot be crawled (Search Console: "Sitemap contains URLs which are blocked by robots.txt")`,
      `::warning ${file('/blog/sitemap-plain.xml')},line=5,col=3,title=loc-not-allowed::URL "${o}/shop/item" is outside ${o}/blog/, where the sitemap is served (Search Console: "URL not allowed / Path mismatch")`,
    ]);
    expect(r.out).toHaveLength(7);
    expect(r.code).toBe(1);
  });

  it('writes JUnit XML: a test case per rule a file breaks, failed by one failure at or above --fail-on', async () => {
    const r = await run('check', `${o}/robots.txt`, '--format', 'junit', '--fail-on', 'warning', ...FAST);
    expect(r.code).toBe(1);
    const cases: { name: string; failures: string[]; out: string }[] = [];
    const suites: Record<string, string>[] = [];
    let inOut = false;
    const parser = new SaxesParser();
    parser.on('opentag', (t) => {
      const a = Object.fromEntries(Object.entries(t.attributes).map(([k, v]) => [k, String(v)]));
      if (t.name === 'testsuite') suites.push(a);
      if (t.name === 'testcase') cases.push({ name: a.name ?? '', failures: [], out: '' });
      if (t.name === 'failure') cases.at(-1)?.failures.push(a.type ?? '');
      if (t.name === 'system-out') inOut = true;
    });
    parser.on('closetag', (t) => {
      if (t.name === 'system-out') inOut = false;
    });
    parser.on('text', (text) => {
      const c = cases.at(-1);
      if (inOut && c) c.out += text;
    });
    parser.write(r.out.join('\n')).close();
    expect(suites.map((s) => [s.name, s.tests, s.failures])).toEqual([['sitemaps', '10', '5']]);
    expect(cases.map((c) => [c.name.replaceAll(o, ''), c.failures])).toEqual([
      ['/robots.txt', []],
      ['/sitemap-index.xml', []],
      ['/sitemap-gz.xml.gz: robots-blocked', ['robots-blocked']],
      ['/blog/sitemap-plain.xml: loc-not-allowed', ['loc-not-allowed']],
      ['/sitemap-third.xml', []],
      ['/sitemap-html.xml: not-a-sitemap', ['not-a-sitemap']],
      ['/sitemap-busy.xml', []],
      ['/old-sitemap.xml: fetch-redirected', []],
      ['/sitemap-missing.xml: fetch-http-error', ['fetch-http-error']],
      ['/sitemap-slow.xml: fetch-failed', ['fetch-failed']],
    ]);
    expect(cases[7]?.out).toBe(
      `1 × fetch-redirected (info): The sitemap's URL redirects; the redirect was followed\n${o}/old-sitemap.xml: The URL redirects (1 redirect: ${o}/sitemap-third.xml); it was read from ${o}/sitemap-third.xml, whose location the rules use`,
    );
  });

  it('--fail-on never exits 0; a URL given twice is fetched once; --site is not needed', async () => {
    const r = await run(
      'check',
      `${o}/sitemap-third.xml`,
      `${o}/sitemap-third.xml`,
      '--json',
      '--fail-on',
      'never',
      ...FAST,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out[0] ?? '')).toMatchObject({ urls: 2, sitemaps: 1, errors: 0, warnings: 0, problems: {} });
  });

  it('takes live URLs in diff and export', async () => {
    const d = await run('diff', `${o}/sitemap-third.xml`, '--', `${o}/old-sitemap.xml`, '--json', ...FAST);
    expect(d.code).toBe(0);
    expect(JSON.parse(d.out[0] ?? '')).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 2 });
  });

  it('streams and exports from live URLs', async () => {
    const s = await run('stream', `${o}/sitemap-index.xml`, '--json', ...FAST);
    expect(JSON.parse(s.out[0] ?? '')).toMatchObject({ urls: 9, sitemaps: 4, indexes: 1, errors: 3 });
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-live-'));
    const e = await run(
      'export',
      '--layout',
      'limits',
      `${o}/sitemap-third.xml`,
      '--site',
      `${o}/`,
      '--out',
      dir,
      '--format',
      'txt',
      ...FAST,
    );
    expect(e.code).toBe(0);
    expect(readFileSync(join(dir, 'sitemap.txt'), 'utf8')).toBe(`${o}/c\n${o}/d\n`);
  });

  it('notes a sitemap that robots.txt does not list', async () => {
    const r = await run('check', `${o}/robots.txt`, `${o}/extra-sitemap.xml`, '--json', ...FAST);
    const report = JSON.parse(r.out[0] ?? '');
    expect(report.problems['robots-not-listed']).toBe(1);
    expect(report.list.find((p: { code: string }) => p.code === 'robots-not-listed')).toEqual({
      code: 'robots-not-listed',
      severity: 'info',
      file: `${o}/extra-sitemap.xml`,
      message: `${o}/robots.txt does not list this sitemap: add a "Sitemap: ${o}/extra-sitemap.xml" line so crawlers find it`,
    });
    expect(report.urls).toBe(10);
  });

  it('matches index entries to fetched files by URL, not by file name', async () => {
    const r = await run('check', `${o}/robots.txt`, `${o}/two-index.xml`, '--json', ...FAST);
    const report = JSON.parse(r.out[0] ?? '');
    // Both children are the index's (a match by name would take /a/ twice and leave /b/ unlisted).
    expect(
      report.list.filter((p: { code: string }) => p.code === 'robots-not-listed').map((p: { file: string }) => p.file),
    ).toEqual([`${o}/two-index.xml`]);
    expect(report.urls).toBe(11);
    expect(report.problems['loc-not-allowed']).toBe(1);
  });

  it('scopes a sitemap at /sitemap (no extension) to the whole site, not to /sitemap/', async () => {
    const r = await run('check', `${o}/sitemap`, '--json', ...FAST);
    expect(JSON.parse(r.out[0] ?? '')).toMatchObject({ urls: 2, errors: 0, warnings: 0, problems: {} });
  });

  it('exits 2 for a bad fetch option', async () => {
    const r = await run('check', `${o}/robots.txt`, '--timeout', 'soon');
    expect(r.code).toBe(2);
    expect(r.err[0]?.split('\n')[0]).toBe('error: --timeout needs a whole number of at least 1, not "soon"');
  });
});

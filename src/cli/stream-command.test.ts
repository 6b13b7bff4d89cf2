import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTED_COUNTS, SITE_URL, writeBigInput, type BigInput } from '../../bench/big-input';
import { mainAsync } from './main';
import { run, runAsync } from './test-helpers';
import type { StreamSummary } from './stream-command';
import { expectedUrlsOf } from './stream-files';

let dir = '';
let input: BigInput;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitemap-stream-cli-'));
  input = writeBigInput(join(dir, 'in'), 20_000);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function stream(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await mainAsync(
    ['stream', ...argv],
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}

/** The files of an output folder, gunzipped, by name. */
function readOut(folder: string): Map<string, string> {
  return new Map(
    readdirSync(folder)
      .sort()
      .map((name) => {
        const bytes = readFileSync(join(folder, name));
        return [name, (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')];
      }),
  );
}

describe('cli stream', () => {
  it('finds exactly what check finds, in an index, a gzipped urlset and a text sitemap', async () => {
    const checked = run('check', ...input.paths, '--site', SITE_URL, '--json');
    const rssBefore = process.resourceUsage().maxRSS * 1024;
    const streamed = await stream(...input.paths, '--site', SITE_URL, '--json');
    const rssAfter = process.resourceUsage().maxRSS * 1024;
    expect(streamed.code).toBe(1);
    expect(checked.code).toBe(1);
    const s = JSON.parse(streamed.out[0] ?? '') as StreamSummary;
    const { files: _files, list: _list, ...c } = JSON.parse(checked.out[0] ?? '');
    expect(s.problems).toEqual(PLANTED_COUNTS);
    expect({
      urls: s.urls,
      sitemaps: s.sitemaps,
      indexes: s.indexes,
      errors: s.errors,
      warnings: s.warnings,
      infos: s.infos,
      problems: s.problems,
    }).toEqual(c);
    expect(s.written).toBeNull();
    // This process's own peak, read during the run: between the peaks before and after it.
    expect(s.peakRssBytes).toBeGreaterThanOrEqual(rssBefore);
    expect(s.peakRssBytes).toBeLessThanOrEqual(rssAfter);
    // What the run cost, measured from its start: the main thread busy no longer than the run, the process's CPU spent.
    expect(s.mainThreadBusySeconds).toBeGreaterThan(0);
    expect(s.mainThreadBusySeconds).toBeLessThanOrEqual(s.seconds + 0.01);
    expect(s.cpuSeconds).toBeGreaterThan(0);
    // Linux says a thread's CPU (this machine's and CI's system); the main thread's is part of the process's.
    expect(s.mainThreadCpuSeconds).not.toBeNull();
    expect(s.mainThreadCpuSeconds ?? Infinity).toBeLessThanOrEqual(s.cpuSeconds + 0.01);
  });

  it('sizes the duplicate set from the first bytes of the files: 20,000 URLs estimated within 1%', async () => {
    const estimate = expectedUrlsOf(input.paths) ?? 0;
    expect(Math.abs(estimate - 20_000)).toBeLessThan(200);
    expect(expectedUrlsOf([...input.paths, 'https://example.com/sitemap.xml'])).toBeUndefined();
    const s = JSON.parse((await stream(...input.paths, '--site', SITE_URL, '--json')).out[0] ?? '') as StreamSummary;
    // Four fifths of the estimate: 32,768 slots of 8 bytes at once (without it, the default 131,072).
    expect(s.duplicateBytes).toBe(32_768 * 8);
    expect(s.problems['loc-duplicate']).toBe(PLANTED_COUNTS['loc-duplicate']);
  });

  it('writes the sitemaps export writes, file by file, and the index lists them', async () => {
    const exported = join(dir, 'export');
    const streamedDir = join(dir, 'stream');
    expect(
      (
        await runAsync(
          'export',
          '--layout',
          'limits',
          ...input.paths,
          '--site',
          SITE_URL,
          '--out',
          exported,
          '--gzip',
          '--max-urls',
          '7000',
        )
      ).code,
    ).toBe(1);
    const r = await stream(...input.paths, '--site', SITE_URL, '--out', streamedDir, '--gzip', '--max-urls', '7000');
    expect(r.code).toBe(1);
    const a = readOut(exported);
    const b = readOut(streamedDir);
    expect([...b.keys()]).toEqual([
      'robots.txt',
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
      'sitemap-3.xml.gz',
      'sitemap-index.xml.gz',
    ]);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const name of ['sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap-3.xml.gz', 'robots.txt'])
      expect(b.get(name), name).toBe(a.get(name));
    const locs = (xml: string | undefined) => [...(xml ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs(b.get('sitemap-index.xml.gz'))).toEqual(
      ['sitemap-1.xml.gz', 'sitemap-2.xml.gz', 'sitemap-3.xml.gz'].map((n) => SITE_URL + n),
    );
    const size = (name: string) => Buffer.byteLength(b.get(name) ?? '').toLocaleString('en-US');
    expect(r.out.slice(0, 5)).toEqual([
      `wrote ${join(streamedDir, 'sitemap-1.xml.gz')} (7,000 URLs, ${size('sitemap-1.xml.gz')} bytes uncompressed)`,
      `wrote ${join(streamedDir, 'sitemap-2.xml.gz')} (7,000 URLs, ${size('sitemap-2.xml.gz')} bytes uncompressed)`,
      `wrote ${join(streamedDir, 'sitemap-3.xml.gz')} (6,000 URLs, ${size('sitemap-3.xml.gz')} bytes uncompressed)`,
      `wrote ${join(streamedDir, 'sitemap-index.xml.gz')} (3 sitemaps, ${size('sitemap-index.xml.gz')} bytes uncompressed)`,
      `wrote ${join(streamedDir, 'robots.txt')} (add its lines to your robots.txt)`,
    ]);
    expect(r.out).toContain('20,000 URLs in 2 sitemaps and 1 index: 5 errors, 4 warnings, 0 infos');
  });

  it('with --fix, repairs what it safely can, drops later copies, and exits on the errors left', async () => {
    const out = join(dir, 'fixed');
    const r = await stream(...input.paths, '--site', SITE_URL, '--out', out, '--fix', '--json');
    const s = JSON.parse(r.out[0] ?? '') as StreamSummary;
    expect(s.fixed).toEqual({
      applied: {
        'loc-not-absolute': 1,
        'lastmod-format': 1,
        'changefreq-value': 1,
        'loc-whitespace': 1,
        'loc-duplicate': 2,
      },
      skipped: 0,
      dropped: [],
      droppedMore: 0,
      errors: 1,
      warnings: 1,
      infos: 0,
      problems: { 'priority-range': 1, 'loc-not-allowed': 1 },
    });
    expect(r.code).toBe(1);
    expect(s.written?.urls).toBe(19_998);
    expect(s.written?.files.map((f) => f.name)).toEqual(['sitemap.xml']);
    const xml = readOut(out).get('sitemap.xml') ?? '';
    expect(xml).toContain('<loc>https://shop.example.com/category-3/new%20product</loc>');
    expect(xml).toContain('<loc>https://shop.example.com/category-7/lost-product</loc>');
  });

  it.each([
    [[], 'no files given'],
    [['x.xml', '--out', '/tmp/x'], '--site URL is required with --out'],
    [['x.xml', '--gzip'], 'give --out DIR'],
    [['/no/such/file.xml'], 'no such file'],
    [['x.xml', '--site', 'example.com'], '--site must be an absolute http(s) URL'],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const r = await stream(...argv);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toContain(message);
  });
});

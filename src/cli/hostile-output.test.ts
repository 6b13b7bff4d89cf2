/*
 * Issue 34, the CLI's side of what the output must not lose or misstate:
 * deep nesting through check, export and stream, a job's own failure never
 * taken for the file's, and export's count of errors agreeing with `check`
 * on the files it wrote.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StreamJob } from '../core/stream/stream-job';
import { feedFile } from './stream-files';
import { run, runAsync } from './test-helpers';

const dir = mkdtempSync(join(tmpdir(), 'sitemap-hostile-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SITE = 'https://example.com/';

function write(name: string, body: string, attrs = ''): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${attrs}>\n${body}\n</urlset>\n`,
  );
  return path;
}

/** Issue 34's file: the first URL's unknown elements nest `depth` levels. */
function deep(depth: number): string {
  return write(
    `deep-${depth}.xml`,
    `<url><loc>https://example.com/a</loc>${'<x:a>'.repeat(depth)}t${'</x:a>'.repeat(depth)}</url>\n<url><loc>https://example.com/b</loc></url>`,
    ' xmlns:x="urn:x"',
  );
}

const urlsIn = (xml: string) => xml.split('<loc>').length - 1;

describe('deep nesting in the CLI (2,500 and 3,000 levels crashed export; stream wrote 0 URLs and exited 0)', () => {
  it('check says where the file is too deep, and counts both URLs', () => {
    const r = run('check', deep(3000), '--site', SITE);
    expect(r.code).toBe(1);
    expect(r.out.join('\n')).toMatch(/deep-3000\.xml:3:\d+: error ext-too-deep: .*deeper than 254 levels/);
    expect(r.out.at(-1)).toContain('2 URLs in 1 sitemap: 1 error');
  });

  it('export writes both URLs, well-formed, and says what was not read', async () => {
    const out = join(dir, 'export-deep');
    const r = await runAsync('export', deep(3000), '--site', SITE, '--layout', 'limits', '--out', out);
    const xml = readFileSync(join(out, 'sitemap.xml'), 'utf8');
    expect(urlsIn(xml)).toBe(2);
    expect(xml.split('<x:a').length - 1).toBe(254);
    expect(r.out.at(-1)).toMatch(/^1 error in the files read is not in what was written \(ext-too-deep ×1\)/);
    expect(r.code).toBe(0);
    expect(run('check', join(out, 'sitemap.xml'), '--site', SITE).code).toBe(0);
  });

  it('stream --out writes both URLs and exits on the error', async () => {
    const out = join(dir, 'stream-deep');
    const r = await runAsync('stream', deep(2500), '--site', SITE, '--out', out);
    expect(urlsIn(readFileSync(join(out, 'sitemap.xml'), 'utf8'))).toBe(2);
    expect(r.out.join('\n')).toContain('error ext-too-deep');
    expect(r.out.join('\n')).toContain('wrote 1 sitemap (2 URLs)');
    expect(r.code).toBe(1);
  });

  it("a failure of the job's own is the command's, never a file said to end early", async () => {
    const path = write('one.xml', '<url><loc>https://example.com/a</loc></url>');
    const job = new StreamJob({ siteUrl: SITE });
    const failing = {
      ...job,
      openFile: () => ({
        push: () => {
          throw new RangeError('Maximum call stack size exceeded');
        },
        end: () => {
          throw new Error('end() must not be called: the file did not end early');
        },
      }),
    } as unknown as StreamJob;
    await expect(
      feedFile(
        failing,
        path,
        async () => {},
        () => {},
      ),
    ).rejects.toThrow('Maximum call stack size exceeded');
  });
});

describe("export's count of errors left agrees with check on the files it wrote", () => {
  it('a repeated field (the first kept), an entry without a loc: nothing of them is written, so nothing remains', async () => {
    const input = write(
      'repairs.xml',
      [
        '<url><loc>https://example.com/a</loc><priority>0.5</priority><priority>0.7</priority></url>',
        '<url><lastmod>2024-01-01</lastmod></url>',
        '<url><loc>https://example.com/b</loc></url>',
      ].join('\n'),
    );
    const before = run('check', input, '--site', SITE);
    expect(before.out.at(-1)).toContain('2 errors');
    const out = join(dir, 'export-repairs');
    const r = await runAsync('export', input, '--site', SITE, '--layout', 'limits', '--out', out);
    const after = run('check', join(out, 'sitemap.xml'), '--site', SITE);
    expect(after.code).toBe(0);
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toBe(
      '2 errors in the files read are not in what was written (duplicate-tag ×1, loc-missing ×1): what they name was not read or not written; run "check" on the files read to list them',
    );
  });

  it('an error written is counted as check counts it, and fails the export', async () => {
    const input = write('left.xml', '<url><loc>https://example.com/a</loc><changefreq>Daily</changefreq></url>');
    const out = join(dir, 'export-left');
    const r = await runAsync('export', input, '--site', SITE, '--layout', 'limits', '--out', out);
    const after = run('check', join(out, 'sitemap.xml'), '--site', SITE);
    expect(after.out.at(-1)).toContain('1 error');
    expect(r.code).toBe(1);
    expect(r.out.at(-1)).toBe(
      '1 error remains in the files written (changefreq-value ×1); run "check" on them to list them, or add --fix',
    );
  });
});

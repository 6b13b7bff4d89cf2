import { gunzipSync, unzipSync, strToU8 } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { StreamJob } from '../core/stream/stream-job';
import type { JobProgress } from './protocol';
import { runStreamJob } from './stream-job';

const urlset = (locs: string[]) =>
  `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `<url><loc>${l}</loc></url>`).join('\n')}\n</urlset>\n`;

describe('runStreamJob', () => {
  it('reads File streams, reports progress, and zips the gzipped sitemaps, the index and robots.txt', async () => {
    const locs = Array.from({ length: 120_000 }, (_, i) => `https://example.com/p/${i}`);
    const files = [
      new File([urlset(locs.slice(0, 70_000))], 'a.xml'),
      new File([locs.slice(70_000).join('\n') + '\nhttps://example.com/p/5\n'], 'b.txt'),
    ];
    const seen: JobProgress[] = [];
    const outcome = await runStreamJob({ files, siteUrl: 'https://example.com/', fix: true }, (p) => seen.push(p));
    expect(outcome.report.urls).toBe(120_001);
    expect(outcome.report.byCode).toEqual({ 'loc-duplicate': 2, 'too-many-urls': 2 });
    expect(outcome.report.fixes?.applied).toEqual({ 'loc-duplicate': 1 });
    expect(outcome.zipName).toBe('sitemaps.zip');
    const zip = unzipSync(new Uint8Array(await (outcome.zip as Blob).arrayBuffer()));
    expect(Object.keys(zip)).toEqual([
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
      'sitemap-3.xml.gz',
      'sitemap-index.xml.gz',
      'robots.txt',
    ]);
    const count = (name: string) =>
      new TextDecoder().decode(gunzipSync(zip[name] as Uint8Array)).split('<url>').length - 1;
    expect([count('sitemap-1.xml.gz'), count('sitemap-2.xml.gz'), count('sitemap-3.xml.gz')]).toEqual([
      50_000, 50_000, 20_000,
    ]);
    expect(zip['robots.txt']).toEqual(strToU8('Sitemap: https://example.com/sitemap-index.xml.gz\n'));
    expect(seen[0]).toEqual({ phase: 'parsing', bytesDone: 0, bytesTotal: files[0]!.size + files[1]!.size, urls: 0 });
    expect(seen.at(-1)).toEqual({
      phase: 'writing',
      bytesDone: files[0]!.size + files[1]!.size,
      bytesTotal: files[0]!.size + files[1]!.size,
      urls: 120_001,
    });
  });

  it('gives no zip when nothing could be written', async () => {
    const outcome = await runStreamJob(
      { files: [new File(['<html><body>Not found</body></html>'], 'sitemap.xml')], fix: false },
      () => {},
    );
    expect(outcome.zip).toBeNull();
    expect(outcome.report.byCode).toEqual({ 'not-a-sitemap': 1 });
    expect(outcome.report.written?.problems.map((p) => p.code)).toEqual(['empty-sitemap']);
  });

  it('fails the request when the job itself fails, never passing its URLs off as a file that could not be read', async () => {
    const open = vi.spyOn(StreamJob.prototype, 'openFile').mockImplementation(
      () =>
        ({
          push: () => {
            throw new RangeError('Maximum call stack size exceeded');
          },
          end: () => {},
        }) as unknown as ReturnType<StreamJob['openFile']>,
    );
    try {
      await expect(
        runStreamJob({ files: [new File([urlset(['https://example.com/a'])], 'a.xml')], fix: false }, () => {}),
      ).rejects.toThrow('Maximum call stack size exceeded');
    } finally {
      open.mockRestore();
    }
  });

  it('says a file that could not be read, and reads the others', async () => {
    const broken = new File(['x'], 'broken.xml');
    vi.spyOn(broken, 'stream').mockReturnValue(
      new ReadableStream({
        pull: (c) => c.error(new Error('NotReadableError')),
      }),
    );
    const outcome = await runStreamJob(
      { files: [broken, new File([urlset(['https://example.com/a'])], 'a.xml')], fix: false },
      () => {},
    );
    expect(outcome.report.urls).toBe(1);
    expect(outcome.report.examples.map((p) => p.message).join('\n')).toContain('could not be read (NotReadableError)');
  });
});

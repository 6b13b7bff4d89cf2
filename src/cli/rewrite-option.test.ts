import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFile, hasShared } from '../../fixtures/helpers';
import { FIX, runAsync } from './test-helpers';

describe('cli export --rewrite FROM=TO', () => {
  it('moves every URL field from one origin to another and says what changed where', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-rewrite-'));
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      join(FIX, 'ext-all-urls.xml'),
      '--site',
      'https://new.example.com/',
      '--out',
      dir,
      '--rewrite',
      'http://old.example.com=https://new.example.com',
    );
    expect(r.out[0]).toBe(
      'rewrote 13 URLs (http://old.example.com → https://new.example.com): loc 2, image:loc 1, image:license 1, video:thumbnail_loc 1, video:content_loc 1, video:player_loc 1, video:gallery_loc 1, video:uploader info 1, xhtml:link href 4',
    );
    const xml = readFileSync(join(dir, 'sitemap.xml'), 'utf8');
    // Only the news title, text and not a URL, still names the old host.
    expect(xml.match(/http:\/\/old\.example\.com[^.]/g)).toEqual(['http://old.example.com ']);
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="de" href="https://new.example.com/de/"/>');
  });

  it('rewrites a URL prefix when FROM has a path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-rewrite-'));
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      join(FIX, 'ext-all-urls.xml'),
      '--site',
      'http://old.example.com/',
      '--out',
      dir,
      '--rewrite=http://old.example.com/img/=https://cdn.example.com/i/',
    );
    expect(r.out[0]).toBe('rewrote 1 URL (http://old.example.com/img/ → https://cdn.example.com/i/): image:loc 1');
    expect(readFileSync(join(dir, 'sitemap.xml'), 'utf8')).toContain(
      '<image:loc>https://cdn.example.com/i/a.jpg</image:loc>',
    );
  });

  it.each([
    ['nothing', '--rewrite needs FROM=TO (e.g. http://www.example.com=https://www.example.com), not "nothing"'],
    ['ftp://a=https://b', '--rewrite: The current origin must start with http:// or https://.'],
  ])('exits 2 on a bad --rewrite %j', async (spec, message) => {
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      join(FIX, 'urls.txt'),
      '--site',
      'https://e.com/',
      '--out',
      '/tmp/x',
      '--rewrite',
      spec,
    );
    expect(r.code).toBe(2);
    expect(r.err[0]?.split('\n')[0]).toBe(`error: ${message}`);
  });

  it.runIf(hasShared)('leaves no URL on the old origin in the migrated corpus file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-rewrite-'));
    const input = join(dir, 'in.xml');
    writeFileSync(input, corpusFile('ext_real-video-image-mobile_hebdenbridgetimes.xml'));
    const out = join(dir, 'out');
    const r = await runAsync(
      'export',
      '--layout',
      'limits',
      input,
      '--site',
      'https://www.hebdenbridgetimes.co.uk/',
      '--out',
      out,
      '--rewrite',
      'http://www.hebdenbridgetimes.co.uk=https://www.hebdenbridgetimes.co.uk',
    );
    expect(r.out[0]).toBe(
      'rewrote 174 URLs (http://www.hebdenbridgetimes.co.uk → https://www.hebdenbridgetimes.co.uk): loc 74, image:loc 94, video:thumbnail_loc 6',
    );
    for (const name of readdirSync(out))
      expect(readFileSync(join(out, name), 'utf8')).not.toContain('http://www.hebdenbridgetimes.co.uk');
  });
});

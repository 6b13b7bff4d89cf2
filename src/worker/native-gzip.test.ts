import { gunzipSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { gzipNative } from './native-gzip';
import type { ExportSettings } from './protocol';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const SETTINGS: ExportSettings = {
  format: 'xml',
  gzip: true,
  index: 'auto',
  profile: 'custom',
  maxUrls: 2,
  maxBytes: 52428800,
  siteUrl: 'https://example.com/',
  schemaLocation: false,
  lastmodForm: 'as-is',
  layout: 'limits',
  newRowsTo: '',
};

describe('native gzip for the export', () => {
  it('round-trips and gives the same bytes every time', async () => {
    const raw = new TextEncoder().encode('<urlset>'.repeat(1000));
    const a = await gzipNative(raw);
    expect(gunzipSync(a)).toEqual(raw);
    expect(await gzipNative(raw)).toEqual(a);
  });

  it('exports the same files as the inline gzip, once unpacked', async () => {
    const s = new Session();
    s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
    const inline = s.downloads.export(SETTINGS, () => {});
    const native = await s.downloads.exportWith(SETTINGS, () => {}, gzipNative);
    expect(native.fileName).toBe('sitemaps.zip');
    expect(native.files).toEqual(inline.files.map((f) => ({ ...f, bytes: expect.any(Number) as number })));
    // The index's lastmods are the export time, which may differ by a second between the two.
    const unpack = (zip: Uint8Array) =>
      Object.entries(unzipSync(zip)).map(([name, data]) => [
        name,
        new TextDecoder()
          .decode(name.endsWith('.gz') ? gunzipSync(data) : data)
          .replace(/<lastmod>[^<]*<\/lastmod>/g, '<lastmod/>'),
      ]);
    expect(unpack(native.bytes)).toEqual(unpack(inline.bytes));
    expect(unpack(native.bytes).map(([name]) => name)).toEqual([
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
      'sitemap-index.xml.gz',
      'robots.txt',
    ]);
  });

  it('zips plain files as deflated members cut out of the native gzips', async () => {
    const s = new Session();
    s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
    const plain = { ...SETTINGS, gzip: false };
    const inline = s.downloads.export(plain, () => {});
    const native = await s.downloads.exportWith(plain, () => {}, gzipNative);
    expect(native.files).toEqual(inline.files);
    const members = unzipSync(native.bytes);
    expect(Object.keys(members)).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-index.xml', 'robots.txt']);
    for (const [name, data] of Object.entries(unzipSync(inline.bytes))) {
      if (name !== 'sitemap-index.xml')
        expect(new TextDecoder().decode(members[name])).toBe(new TextDecoder().decode(data));
    }
  });
});

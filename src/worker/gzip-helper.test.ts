import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { validateXsd } from '../../fixtures/xsd';
import { importFiles } from '../core/read/import-files';
import { GzipHelper } from './gzip-helper';
import type { ExportSettings } from './protocol';
import { Session } from './session';

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

/** `unzip -t` (Info-ZIP): every header, offset and CRC-32 checked. */
function unzipTest(zip: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'gzip-helper-'));
  try {
    writeFileSync(join(dir, 'a.zip'), zip);
    return execFileSync('unzip', ['-t', join(dir, 'a.zip')], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const decode = (b: Uint8Array | undefined) => new TextDecoder().decode(b);
// The index's lastmods are the export time, which may differ by a second between two exports.
const sameTime = (xml: string) => xml.replace(/<lastmod>[^<]*<\/lastmod>/g, '<lastmod/>');

describe('GzipHelper (fast-deflate on this thread where no helper worker runs)', () => {
  for (const gzip of [true, false]) {
    it(`exports with gzip ${gzip ? 'checked' : 'unchecked'}: a zip unzip -t passes, the files the inline export writes, each schema-valid`, async () => {
      const s = new Session();
      s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
      const settings = { ...SETTINGS, gzip };
      const inline = s.downloads.export(settings, () => {});
      const helper = new GzipHelper();
      const packed = await s.downloads.exportWith(
        settings,
        () => {},
        (raw) => helper.gzip(raw),
      );
      expect(packed.fileName).toBe('sitemaps.zip');
      expect(unzipTest(packed.bytes)).toContain('No errors detected');
      const members = unzipSync(packed.bytes);
      const expected = unzipSync(inline.bytes);
      const ext = gzip ? '.xml.gz' : '.xml';
      expect(Object.keys(members)).toEqual([`sitemap-1${ext}`, `sitemap-2${ext}`, `sitemap-index${ext}`, 'robots.txt']);
      for (const [name, data] of Object.entries(members)) {
        const xml = name.endsWith('.gz') ? gunzipSync(data) : data;
        const want = name.endsWith('.gz') ? gunzipSync(expected[name] as Uint8Array) : expected[name];
        expect(sameTime(decode(xml))).toBe(sameTime(decode(want)));
        if (name === 'robots.txt') continue;
        const schema = name.startsWith('sitemap-index') ? 'siteindex.xsd' : 'sitemap-all.xsd';
        expect(validateXsd(xml, schema, name)).toEqual({ ok: true, errors: [] });
      }
    });
  }
});

import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { validateXsd } from '../../../fixtures/xsd';
import { warmUpDeflate, warmUpSample } from './deflate-warmup';
import { fastGzip } from './fast-deflate';

describe("the gzip helpers' warm-up", () => {
  it('deflates a schema-valid sitemap of 2,400 entries, past one deflate block', () => {
    const sample = warmUpSample();
    const xml = new TextDecoder().decode(sample);
    expect(xml.match(/<url>/g)?.length).toBe(2400);
    expect(xml.match(/<image:image>/g)?.length).toBe(480);
    expect(validateXsd(sample, 'sitemap-all.xsd', 'warm-up.xml')).toEqual({ ok: true, errors: [] });
    // More bytes than a block's 65,536 tokens can cover with matches of at most 258.
    expect(sample.length).toBe(327549);
  });

  it("returns the size of the sample's gzip, which zlib inflates back to the sample", () => {
    const sample = warmUpSample();
    const gz = fastGzip(sample);
    expect(new Uint8Array(gunzipSync(gz))).toEqual(sample);
    expect(warmUpDeflate(2)).toBe(gz.length);
    expect(gz.length).toBe(35872);
  });

  it('builds the same bytes every time', () => {
    expect(warmUpSample(10)).toEqual(warmUpSample(10));
    expect(new TextDecoder().decode(warmUpSample(1))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n' +
        '  <url>\n    <loc>https://www.example.com/section-0/item-0?ref=0</loc>\n    <lastmod>2024-01-01</lastmod>\n' +
        '    <image:image><image:loc>https://cdn.example.com/img/0.jpg</image:loc></image:image>\n  </url>\n</urlset>\n',
    );
  });
});

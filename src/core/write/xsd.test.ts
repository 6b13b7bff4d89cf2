import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { validateXsd } from '../../../fixtures/xsd';
import type { UrlRows } from '../rows/rows';
import { exportSitemaps } from './export';
import type { ExportOptions } from './options';
import { ext, image, options, rowsOf } from './test-helpers';

const repoRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const schemas = path.resolve(repoRoot, '../shared/schemas');
const canValidate = existsSync(path.join(schemas, 'sitemap-all.xsd'));

/** Validates every file of an export against the official schemas (libxml2, fixtures/xsd.ts). */
function validateAll(rows: UrlRows, over: Partial<ExportOptions>, dir: string): number {
  const r = exportSitemaps(rows, options(over));
  expect(r.files.length).toBeGreaterThan(0);
  for (const f of r.files) {
    const file = path.join(dir, f.name.replace(/\.gz$/, ''));
    writeFileSync(file, f.name.endsWith('.gz') ? gunzipSync(f.data) : f.data);
    const result = validateXsd(readFileSync(file), f.kind === 'index' ? 'siteindex.xsd' : 'sitemap-all.xsd', f.name);
    expect({ file: f.name, ...result }).toEqual({ file: f.name, ok: true, errors: [] });
  }
  return r.files.length;
}

const video = () =>
  ext('video', 'video', {}, [
    ext('video', 'thumbnail_loc', {}, ['https://example.com/thumbs/1.jpg?size=l&fmt=jpg']),
    ext('video', 'title', {}, ['Grilling steaks for "summer" & more']),
    ext('video', 'description', {}, ["Alkis shows you how to get perfectly done steaks <every> time.\nIt's easy."]),
    ext('video', 'content_loc', {}, ['https://example.com/video/1.mp4']),
    ext('video', 'player_loc', { allow_embed: 'yes', autoplay: 'ap=1&x="y"' }, [
      'https://example.com/player?video=1&a=b',
    ]),
    ext('video', 'duration', {}, ['600']),
    ext('video', 'expiration_date', {}, ['2030-11-05T19:20:30+08:00']),
    ext('video', 'rating', {}, ['4.2']),
    ext('video', 'view_count', {}, ['12345']),
    ext('video', 'publication_date', {}, ['2024-04-01']),
    ext('video', 'tag', {}, ['steak']),
    ext('video', 'tag', {}, ['meat & fire']),
    ext('video', 'category', {}, ['Grilling']),
    ext('video', 'family_friendly', {}, ['yes']),
    ext('video', 'restriction', { relationship: 'allow' }, ['IE GB US CA']),
    ext('video', 'price', { currency: 'EUR', type: 'rent', resolution: 'HD' }, ['1.99']),
    ext('video', 'requires_subscription', {}, ['no']),
    ext('video', 'uploader', { info: 'https://example.com/users/grillymcgrillerson' }, ['GrillyMcGrillerson']),
    ext('video', 'live', {}, ['no']),
  ]);

const news = () =>
  ext('news', 'news', {}, [
    ext('news', 'publication', {}, [
      ext('news', 'name', {}, ['The Example Times & Post']),
      ext('news', 'language', {}, ['en']),
    ]),
    ext('news', 'genres', {}, ['PressRelease, Blog']),
    ext('news', 'publication_date', {}, ['2024-05-06T07:08:09+00:00']),
    ext('news', 'title', {}, ["Companies A, B in merger talks <'breaking'>"]),
    ext('news', 'keywords', {}, ['business, merger']),
    ext('news', 'stock_tickers', {}, ['NASDAQ:A, NASDAQ:B']),
  ]);

const hreflang = (lang: string, href: string) => ext('xhtml', 'link', { rel: 'alternate', hreflang: lang, href });

describe.runIf(canValidate)('exports validate against the official XSDs (libxml2)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-xsd-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('plain urlsets split in several files, and their index', () => {
    const rowsWith = (lastmods: string[]) =>
      rowsOf(
        Array.from({ length: 25 }, (_, i) => ({
          loc: `https://example.com/p/${i}?a=1&b='2'&c="<3>"`,
          lastmod: lastmods[i % lastmods.length] as string,
          changefreq: ['daily', '', 'never'][i % 3] as string,
          priority: ['0.5', '1.0', '', '0'][i % 4] as string,
        })),
      );
    const xsdForms = ['2024-05-08', '2024-05-08T10:11:12+02:00', '2024-05-08T10:11:12.345Z', ''];
    // Valid W3C Datetime that xsd:dateTime rejects until the 'date'/'datetime' forms complete it.
    const w3cOnly = [...xsdForms, '2024-05-08T10:11Z', '2024-05-08T10:11+01:00'];
    const limits = { maxUrls: 10, maxBytes: 52428800, maxSitemaps: 50000 };
    expect(validateAll(rowsWith(xsdForms), { limits, schemaLocation: true }, sub('plain'))).toBe(4);
    expect(validateAll(rowsWith(w3cOnly), { limits, lastmodForm: 'datetime' }, sub('plain-dt'))).toBe(4);
    expect(validateAll(rowsWith(w3cOnly), { limits, lastmodForm: 'date', gzip: true }, sub('plain-gz'))).toBe(4);
  });

  it('urlsets with image, video, news, xhtml:link and mobile extensions', () => {
    const rows = rowsOf([
      {
        loc: 'https://example.com/',
        lastmod: '2024-01-01',
        changefreq: 'weekly',
        priority: '0.9',
        ext: [
          hreflang('de', 'https://example.com/de/'),
          hreflang('x-default', 'https://example.com/?lang=x&y=1'),
          image('https://example.com/a.png', [
            ext('image', 'caption', {}, ['A "caption" & more']),
            ext('image', 'geo_location', {}, ['Limerick, Ireland']),
            ext('image', 'title', {}, ["It's <title>"]),
            ext('image', 'license', {}, ['https://example.com/license']),
          ]),
          image('https://example.com/b.png'),
          video(),
          news(),
          ext('mobile', 'mobile'),
        ],
      },
      { loc: 'https://example.com/only-video', ext: [video()] },
      { loc: 'https://example.com/only-news', ext: [news()] },
      { loc: 'https://example.com/plain' },
    ]);
    expect(validateAll(rows, { schemaLocation: true }, sub('ext'))).toBe(1);
    // One URL per file: each file declares only what it uses, and still validates.
    const limits = { maxUrls: 1, maxBytes: 52428800, maxSitemaps: 50000 };
    expect(validateAll(rows, { limits }, sub('ext-split'))).toBe(5);
  });

  it('an index always written, and an index split in several', () => {
    const rows = rowsOf(Array.from({ length: 7 }, (_, i) => ({ loc: `https://example.com/${i}` })));
    expect(validateAll(rows, { index: 'always', schemaLocation: true }, sub('index-always'))).toBe(2);
    const limits = { maxUrls: 1, maxBytes: 52428800, maxSitemaps: 3 };
    expect(validateAll(rows, { limits, gzip: true, siteUrl: 'https://example.com/maps' }, sub('index-split'))).toBe(10);
  });

  /** A fresh folder per set, so every file name is its own. */
  function sub(name: string): string {
    const d = path.join(dir, name);
    mkdirSync(d);
    return d;
  }
});

import { describe, expect, it } from 'vitest';
import { corpusFile, hasShared, importText, listOf } from '../../../fixtures/helpers';
import { rowsOf } from '../check/test-helpers';
import { importFiles } from '../read/import-files';
import type { UrlRows } from '../rows/rows';
import type { ExtElement } from '../rows/types';
import { indexBeforeLocs } from './before-locs';
import { diffItems } from './diff-items';
import { diffRows, ROW_DIFF } from './diff-rows';

const H = 'https://www.example.com';
const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';

function image(src: string, prefix = 'image'): ExtElement {
  return {
    ns: IMAGE,
    prefix,
    name: 'image',
    attrs: [],
    children: [{ ns: IMAGE, prefix, name: 'loc', attrs: [], children: [src] }],
  };
}

function diff(before: UrlRows, after: UrlRows) {
  return diffRows(indexBeforeLocs(before), after);
}

describe('diffRows', () => {
  const before = rowsOf([
    { loc: `${H}/`, lastmod: '2024-01-01', changefreq: 'daily', priority: '1.0' },
    { loc: `${H}/about`, lastmod: '2024-01-01' },
    { loc: `${H}/old` },
    { loc: `${H}/gallery`, ext: [image(`${H}/a.jpg`)] },
    { loc: `${H}/same`, lastmod: '2023-05-05', changefreq: 'monthly', priority: '0.5' },
  ]);
  const after = rowsOf([
    { loc: `${H}/`, lastmod: '2024-02-01', changefreq: 'daily', priority: '0.8' },
    { loc: `${H}/new` },
    { loc: `${H}/about`, lastmod: '2024-01-01', changefreq: 'weekly' },
    { loc: `${H}/gallery`, ext: [image(`${H}/b.jpg`)] },
    { loc: `${H}/same`, lastmod: '2023-05-05', changefreq: 'monthly', priority: '0.5' },
  ]);

  it('finds added, removed and changed URLs, with the fields that changed', () => {
    const d = diff(before, after);
    expect(d.counts).toEqual({
      added: 1,
      removed: 1,
      changed: 3,
      unchanged: 1,
      fields: { lastmod: 1, changefreq: 1, priority: 1, ext: 1 },
      beforeRepeats: 0,
      afterRepeats: 0,
      beforeNoLoc: 0,
      afterNoLoc: 0,
    });
    expect([...d.kind]).toEqual([
      ROW_DIFF.changed,
      ROW_DIFF.added,
      ROW_DIFF.changed,
      ROW_DIFF.changed,
      ROW_DIFF.unchanged,
    ]);
    expect([...d.added]).toEqual([1]);
    expect([...d.changed]).toEqual([0, 2, 3]);
    expect([...d.removed]).toEqual([2]);
    expect([...d.match]).toEqual([0, -1, 1, 3, 4]);
  });

  it('gives each difference as an object with both sides, for a window of them', () => {
    const d = diff(before, after);
    expect(diffItems(before, after, d, 'changed', 0, 10)).toEqual([
      {
        kind: 'changed',
        loc: `${H}/`,
        fields: ['lastmod', 'priority'],
        rowId: 1,
        before: { lastmod: '2024-01-01', changefreq: 'daily', priority: '1.0', ext: '' },
        after: { lastmod: '2024-02-01', changefreq: 'daily', priority: '0.8', ext: '' },
      },
      {
        kind: 'changed',
        loc: `${H}/about`,
        fields: ['changefreq'],
        rowId: 3,
        before: { lastmod: '2024-01-01', changefreq: '', priority: '', ext: '' },
        after: { lastmod: '2024-01-01', changefreq: 'weekly', priority: '', ext: '' },
      },
      {
        kind: 'changed',
        loc: `${H}/gallery`,
        fields: ['ext'],
        rowId: 4,
        before: {
          lastmod: '',
          changefreq: '',
          priority: '',
          ext: `<image:image><image:loc>${H}/a.jpg</image:loc></image:image>`,
        },
        after: {
          lastmod: '',
          changefreq: '',
          priority: '',
          ext: `<image:image><image:loc>${H}/b.jpg</image:loc></image:image>`,
        },
      },
    ]);
    expect(diffItems(before, after, d, 'changed', 1, 2).map((i) => i.loc)).toEqual([`${H}/about`]);
    expect(diffItems(before, after, d, 'removed', 0, 10)).toEqual([
      {
        kind: 'removed',
        loc: `${H}/old`,
        fields: [],
        rowId: null,
        before: { lastmod: '', changefreq: '', priority: '', ext: '' },
        after: null,
      },
    ]);
    expect(diffItems(before, after, d, 'added', 0, 10)).toEqual([
      {
        kind: 'added',
        loc: `${H}/new`,
        fields: [],
        rowId: 2,
        before: null,
        after: { lastmod: '', changefreq: '', priority: '', ext: '' },
      },
    ]);
  });

  it('compares locs as exact strings: case, scheme and a trailing slash make another URL', () => {
    const d = diff(
      rowsOf([`${H}/Page`, `${H}/dir/`, 'http://www.example.com/x']),
      rowsOf([`${H}/page`, `${H}/dir`, `${H}/x`]),
    );
    expect(d.counts).toMatchObject({ added: 3, removed: 3, changed: 0, unchanged: 0 });
  });

  it('counts a URL listed twice once, compared through its first entry on each side', () => {
    const b = rowsOf([
      { loc: `${H}/a`, lastmod: '2024-01-01' },
      { loc: `${H}/a`, lastmod: '2099-01-01' },
      `${H}/gone`,
      `${H}/gone`,
    ]);
    const a = rowsOf([
      { loc: `${H}/a`, lastmod: '2024-01-01' },
      { loc: `${H}/a`, lastmod: '2030-01-01' },
      `${H}/new`,
      `${H}/new`,
      '',
    ]);
    const d = diff(b, a);
    expect(d.counts).toMatchObject({
      added: 1,
      removed: 1,
      changed: 0,
      unchanged: 1,
      beforeRepeats: 2,
      afterRepeats: 2,
      afterNoLoc: 1,
    });
    expect([...d.kind]).toEqual([ROW_DIFF.unchanged, ROW_DIFF.repeat, ROW_DIFF.added, ROW_DIFF.repeat, ROW_DIFF.noLoc]);
    expect([...d.removed]).toEqual([2]);
  });

  it('ignores rows without a loc on both sides', () => {
    const d = diff(rowsOf(['', `${H}/a`]), rowsOf(['', '', `${H}/a`]));
    expect(d.counts).toMatchObject({ added: 0, removed: 0, unchanged: 1, beforeNoLoc: 1, afterNoLoc: 2 });
  });

  it('does not call re-prefixed, reordered or re-indented extensions a change', () => {
    const b = rowsOf([{ loc: `${H}/g`, ext: [image(`${H}/1.jpg`), image(`${H}/2.jpg`)] }]);
    const reordered = rowsOf([{ loc: `${H}/g`, ext: [image(`${H}/2.jpg`, 'img'), image(` ${H}/1.jpg\n`)] }]);
    expect(diff(b, reordered).counts).toMatchObject({ changed: 0, unchanged: 1 });
    const fewer = rowsOf([{ loc: `${H}/g`, ext: [image(`${H}/1.jpg`)] }]);
    expect(diff(b, fewer).counts.fields).toEqual({ lastmod: 0, changefreq: 0, priority: 0, ext: 1 });
  });

  it('sees a later edit of the current rows when run again on the same index', () => {
    const index = indexBeforeLocs(before);
    const current = rowsOf([{ loc: `${H}/same`, lastmod: '2023-05-05', changefreq: 'monthly', priority: '0.5' }]);
    expect(diffRows(index, current).counts).toMatchObject({ unchanged: 1, changed: 0, removed: 4 });
    current.lastmod.set(0, '2025-01-01');
    expect(diffRows(index, current).counts).toMatchObject({
      unchanged: 0,
      changed: 1,
      fields: { lastmod: 1, changefreq: 0, priority: 0, ext: 0 },
    });
    current.loc.set(0, `${H}/renamed`);
    expect(diffRows(index, current).counts).toMatchObject({ added: 1, removed: 5, changed: 0 });
  });

  it('finds nothing between a file and itself, and everything against nothing', () => {
    expect(diff(after, after).counts).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 5 });
    expect(diff(rowsOf([]), after).counts).toMatchObject({ added: 5, removed: 0 });
    expect(diff(after, rowsOf([])).counts).toMatchObject({ added: 0, removed: 5 });
  });

  it('handles thousands of URLs with colliding table slots', () => {
    const n = 20_000;
    const locs = Array.from({ length: n }, (_, i) => `${H}/p/${i}`);
    const b = rowsOf(locs.filter((_, i) => i % 4 !== 0));
    const a = rowsOf(
      locs.filter((_, i) => i % 4 !== 1).map((loc, k) => (k % 5 === 0 ? { loc, lastmod: '2024-01-01' } : loc)),
    );
    const d = diff(b, a);
    // Every 4th loc is only after, every 4th+1 only before; of the 10,000 in both, those at k % 5 = 0 got a lastmod.
    expect(d.counts).toMatchObject({ added: 5000, removed: 5000, unchanged: 8000, changed: 2000 });
    expect(d.removed[0]).toBe(0);
    expect(b.loc.get(d.removed[0] as number)).toBe(`${H}/p/1`);
  });
});

describe.runIf(hasShared)('diffRows on real sitemaps', () => {
  const load = (...names: string[]) => importFiles(names.map((name) => ({ name, bytes: corpusFile(name) }))).rows;

  it('the same five URLs as a text sitemap lose every lastmod, changefreq and priority', () => {
    const xml = load('gz_xml-urlset_crawler-commons.xml.gz');
    const txt = load('gz_txt_crawler-commons.txt.gz');
    const d = diff(xml, txt);
    expect(d.counts).toMatchObject({
      added: 0,
      removed: 0,
      changed: 5,
      unchanged: 0,
      fields: { lastmod: 4, changefreq: 3, priority: 2, ext: 0 },
    });
    expect(diffItems(xml, txt, d, 'changed', 0, 1)[0]).toEqual({
      kind: 'changed',
      loc: 'http://www.example.com/',
      fields: ['lastmod', 'changefreq', 'priority'],
      rowId: 1,
      before: { lastmod: '2005-01-01', changefreq: 'monthly', priority: '0.8', ext: '' },
      after: { lastmod: '', changefreq: '', priority: '', ext: '' },
    });
  });

  it('two files with the same entries written differently are equal', () => {
    const d = diff(
      load('gz_misnamed-plain-xml-not-gzipped_advertools.xml.gz'),
      load('gz_xml-urlset_crawler-commons.xml.gz'),
    );
    expect(d.counts).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 5 });
  });

  it('an older sitemap of the same site: one URL changed in three fields, one added, four removed', () => {
    const before = load('gz_xml-urlset_crawler-commons.xml.gz');
    const after = load('ns_legacy-google-0.84-namespace_scrapy.xml');
    const d = diff(before, after);
    expect(d.counts).toMatchObject({
      added: 1,
      removed: 4,
      changed: 1,
      unchanged: 0,
      fields: { lastmod: 1, changefreq: 1, priority: 1, ext: 0 },
    });
    expect(diffItems(before, after, d, 'added', 0, 5).map((i) => i.loc)).toEqual([
      'http://www.example.com/Special-Offers.html',
    ]);
    expect(diffItems(before, after, d, 'removed', 0, 5).map((i) => i.loc)).toEqual([
      'http://www.example.com/catalog?item=12&desc=vacation_hawaii',
      'http://www.example.com/catalog?item=73&desc=vacation_new_zealand',
      'http://www.example.com/catalog?item=74&desc=vacation_newfoundland',
      'http://www.example.com/catalog?item=83&desc=vacation_usa',
    ]);
  });

  it('an image sitemap against itself with one image dropped: one URL changed in its extensions', () => {
    const name = 'yoast-com_real_xsl-pi_images_66urls.xml';
    const before = load(name);
    const after = load(name);
    const ext = after.ext[1] as ExtElement[];
    expect(ext.length).toBeGreaterThan(1);
    after.ext[1] = ext.slice(1);
    const d = diff(before, after);
    expect(d.counts).toMatchObject({
      added: 0,
      removed: 0,
      changed: 1,
      unchanged: 65,
      fields: { lastmod: 0, changefreq: 0, priority: 0, ext: 1 },
    });
    expect([...d.changed]).toEqual([1]);
  });

  it('hreflang alternates: the file against itself is unchanged, a changed href is a change', () => {
    const name = 'hreflang_hugo-multilingual_en-sitemap.xml';
    const before = load(name);
    const after = importText(corpusFile(name).slice(), name).rows;
    expect(diff(before, after).counts).toMatchObject({ changed: 0, unchanged: 21 });
    const link = (after.ext[0] as ExtElement[])[0] as ExtElement;
    after.ext[0] = [
      { ...link, attrs: link.attrs.map((a) => (a.name === 'href' ? { ...a, value: 'https://blog.0x5d.io/fr/' } : a)) },
      ...(after.ext[0] as ExtElement[]).slice(1),
    ];
    expect(diff(before, after).counts).toMatchObject({ changed: 1, unchanged: 20, fields: { ext: 1 } });
  });

  it('100,000 URLs against the same file without its first 1,000 lines', () => {
    const name = 'gz_txt_100000-urls_over-50k-limit_sitemapjs.txt.gz';
    const before = load(name);
    const after = rowsOf(listOf(before.loc).slice(1000));
    const d = diff(before, after);
    expect(d.counts).toMatchObject({
      added: 0,
      removed: 1000,
      changed: 0,
      unchanged: 99_000,
      beforeRepeats: 0,
      afterRepeats: 0,
    });
    expect(before.loc.get(d.removed[999] as number)).toBe('http://example.com/999');
  });
});

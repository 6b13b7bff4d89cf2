import { describe, expect, it } from 'vitest';
import { corpusFile, hasShared } from '../../../fixtures/helpers';
import { rowsOf } from '../check/test-helpers';
import { importFiles } from '../read/import-files';
import type { ExtElement } from '../rows/types';
import { indexBeforeLocs } from './before-locs';
import { writeDiffCsv } from './diff-csv';
import { diffRows } from './diff-rows';

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const HEADER =
  'kind,loc,changed,lastmod before,lastmod after,changefreq before,changefreq after,priority before,priority after,extensions before,extensions after\r\n';

describe('writeDiffCsv', () => {
  it('writes added, removed and changed URLs with both sides, after a byte order mark', () => {
    const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
    const image: ExtElement = {
      ns: IMAGE,
      prefix: 'image',
      name: 'image',
      attrs: [],
      children: [{ ns: IMAGE, prefix: 'image', name: 'loc', attrs: [], children: ['https://e.com/a.jpg'] }],
    };
    const before = rowsOf([
      { loc: 'https://e.com/', lastmod: '2024-01-01', priority: '1.0' },
      { loc: 'https://e.com/gone', changefreq: 'daily' },
      { loc: 'https://e.com/pic' },
      'https://e.com/same',
    ]);
    const after = rowsOf([
      { loc: 'https://e.com/', lastmod: '2024-02-01', priority: '-0.5' },
      { loc: '=cmd|calc', lastmod: '2024-02-01' },
      { loc: 'https://e.com/pic', ext: [image] },
      'https://e.com/same',
    ]);
    const bytes = writeDiffCsv(before, after, diffRows(indexBeforeLocs(before), after));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(decode(bytes.slice(3))).toBe(
      HEADER +
        "added,'=cmd|calc,,,2024-02-01,,,,,,\r\n" +
        'removed,https://e.com/gone,,,,daily,,,,,\r\n' +
        // A plain negative number is no formula: it stays as written (see csvCell).
        'changed,https://e.com/,lastmod priority,2024-01-01,2024-02-01,,,1.0,-0.5,,\r\n' +
        'changed,https://e.com/pic,ext,,,,,,,,<image:image><image:loc>https://e.com/a.jpg</image:loc></image:image>\r\n',
    );
  });

  it('writes only the header when nothing differs', () => {
    const rows = rowsOf(['https://e.com/']);
    expect(decode(writeDiffCsv(rows, rows, diffRows(indexBeforeLocs(rows), rows)))).toBe('\uFEFF' + HEADER);
  });

  it('writes thousands of differences in pieces without losing one', () => {
    const locs = Array.from({ length: 9000 }, (_, i) => `https://e.com/p/${i}`);
    const before = rowsOf(locs.slice(0, 4500));
    const after = rowsOf(locs.slice(4500));
    const lines = decode(writeDiffCsv(before, after, diffRows(indexBeforeLocs(before), after))).split('\r\n');
    expect(lines).toHaveLength(1 + 9000 + 1);
    expect(lines[1]).toBe('added,https://e.com/p/4500,,,,,,,,,');
    expect(lines[4501]).toBe('removed,https://e.com/p/0,,,,,,,,,');
    expect(lines[9000]).toBe('removed,https://e.com/p/4499,,,,,,,,,');
    expect(lines[9001]).toBe('');
  });
});

describe.runIf(hasShared)('writeDiffCsv on real sitemaps', () => {
  it('an XML sitemap replaced by the text sitemap of the same URLs', () => {
    const load = (name: string) => importFiles([{ name, bytes: corpusFile(name) }]).rows;
    const before = load('gz_xml-urlset_crawler-commons.xml.gz');
    const after = load('gz_txt_crawler-commons.txt.gz');
    expect(decode(writeDiffCsv(before, after, diffRows(indexBeforeLocs(before), after)))).toBe(
      '\uFEFF' +
        HEADER +
        'changed,http://www.example.com/,lastmod changefreq priority,2005-01-01,,monthly,,0.8,,,\r\n' +
        'changed,http://www.example.com/catalog?item=12&desc=vacation_hawaii,changefreq,,,weekly,,,,,\r\n' +
        'changed,http://www.example.com/catalog?item=73&desc=vacation_new_zealand,lastmod changefreq,2004-12-23,,weekly,,,,,\r\n' +
        'changed,http://www.example.com/catalog?item=74&desc=vacation_newfoundland,lastmod priority,2004-12-23T18:00:15+00:00,,,,0.3,,,\r\n' +
        'changed,http://www.example.com/catalog?item=83&desc=vacation_usa,lastmod,2004-11-23,,,,,,,\r\n',
    );
  });
});

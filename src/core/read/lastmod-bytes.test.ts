import { describe, expect, it } from 'vitest';
import { ArenaDictColumn } from '../rows/arena-dict-column';
import { UrlRows } from '../rows/rows';
import { importFiles, type XmlReader } from './import-files';
import { BATCH_ROWS } from './byte-rows';
import { readSitemapBytes } from './read-xml-bytes';
import { listOf } from '../../../fixtures/helpers';

const enc = new TextEncoder();

/** A lastmod for row `i`: dates that repeat within and across batches, unique datetimes, empties, and some not ASCII or not plain. */
function lastmodOf(i: number, odd: boolean): string | null {
  if (i % 11 === 0) return null;
  if (i % 13 === 0) return '';
  if (odd && i % 17 === 0) return `2024-01-0${i % 7}T00:00:00+01:00 é${i % 3}`;
  if (i % 19 === 0) return ` 2023-0${1 + (i % 9)}-01 `;
  if (i % 23 === 0) return `2023-02-01&amp;${i % 2}`;
  return i % 2 === 0
    ? `202${i % 4}-0${1 + (i % 9)}-1${i % 10}`
    : `2022-03-04T05:06:${String(i % 60).padStart(2, '0')}.${i}Z`;
}

function urlset(n: number, odd: boolean, base = 0): Uint8Array {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
  ];
  for (let i = base; i < base + n; i++) {
    const m = lastmodOf(i, odd);
    parts.push(`<url><loc>https://a.example/${i}</loc>${m === null ? '' : `<lastmod>${m}</lastmod>`}</url>\n`);
  }
  parts.push('</urlset>\n');
  return enc.encode(parts.join(''));
}

function lastmods(reader: XmlReader, files: Uint8Array[]): string[] {
  const set = importFiles(
    files.map((bytes, k) => ({ name: `s${k}.xml`, bytes })),
    { reader },
  );
  return listOf(set.rows.lastmod);
}

describe("the byte reader's lastmods in the dictionary column", () => {
  it("give the string reader's values across batches and files, ASCII batches and not", () => {
    const files = [urlset(3 * BATCH_ROWS + 5, false), urlset(BATCH_ROWS + 1, true, 7), urlset(40, true, 3)];
    const bytes = lastmods('bytes', files);
    expect(bytes).toEqual(lastmods('strings', files));
    expect(bytes.length).toBe(4 * BATCH_ROWS + 46);
  });

  it('give equal values equal numbers in the column, the empty value number 0', () => {
    const set = importFiles([{ name: 'a.xml', bytes: urlset(2 * BATCH_ROWS, true) }], { reader: 'bytes' });
    const col = set.rows.lastmod as ArenaDictColumn;
    expect(col).toBeInstanceOf(ArenaDictColumn);
    const byValue = new Map<string, number>();
    for (let i = 0; i < col.length; i++) {
      const v = col.get(i);
      const c = col.codeAt(i);
      if (v === '') expect(c).toBe(0);
      if (byValue.has(v)) expect(c).toBe(byValue.get(v));
      else byValue.set(v, c);
    }
    expect(col.distinctCount).toBe(byValue.size + (byValue.has('') ? 0 : 1));
  });

  it('go into a lastmod column of another kind (restored from a save) a string a row', () => {
    const first = importFiles([{ name: 'a.xml', bytes: urlset(100, true) }], { reader: 'bytes' });
    const rows = UrlRows.fromSnapshot(first.rows.toSnapshot());
    expect(rows.lastmod).not.toBeInstanceOf(ArenaDictColumn);
    const more = urlset(BATCH_ROWS + 3, true, 50);
    expect(
      readSitemapBytes(more, { fileIndex: 1, fileName: 'b.xml', rows, sitemaps: [], problems: [] }),
    ).not.toBeNull();
    expect(listOf(rows.lastmod)).toEqual([...lastmods('strings', [urlset(100, true)]), ...lastmods('strings', [more])]);
  });

  it('give an index entry its own lastmod', () => {
    const entries = Array.from(
      { length: 30 },
      (_, i) => `<sitemap><loc>https://a.example/s${i}.xml</loc><lastmod>2024-0${1 + (i % 3)}-01</lastmod></sitemap>`,
    );
    const xml = enc.encode(
      `<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('\n')}</sitemapindex>`,
    );
    const set = importFiles([{ name: 'i.xml', bytes: xml }], { reader: 'bytes' });
    expect(set.sitemaps.map((s) => s.lastmod)).toEqual(Array.from({ length: 30 }, (_, i) => `2024-0${1 + (i % 3)}-01`));
  });
});

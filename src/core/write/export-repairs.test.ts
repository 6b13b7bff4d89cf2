import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixture, urlset } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { importFiles } from '../read/import-files';
import { errorsLeftByExport, repairedOnExport } from './export-repairs';

const enc = new TextEncoder();

function checked(files: { name: string; text?: string; bytes?: Uint8Array }[]) {
  const set = importFiles(files.map((f) => ({ name: f.name, bytes: f.bytes ?? enc.encode(f.text ?? '') })));
  return { set, result: checkSet(set) };
}

describe('repairedOnExport', () => {
  it('counts xml-malformed of a file whose rows were recovered, and the rules fixed by writing', () => {
    const { set, result } = checked([
      { name: 'broken-truncated.xml', bytes: fixture('broken-truncated.xml') },
      {
        name: 'wrong-ns.xml',
        text: '<urlset xmlns="https://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/n</loc></url></urlset>',
      },
    ]);
    expect(result.byCode).toEqual({ 'xml-malformed': 3, 'changefreq-value': 1, namespace: 1 });
    expect(result.counts.error).toBe(4);
    // The raw "&" and the stray "<" are written right; where the file ends early is not: what followed is lost.
    expect(set.files[0]?.partial).toBe(true);
    expect(repairedOnExport(set, result)).toEqual({ 'xml-malformed': 2, namespace: 1 });
    // The errors left: where the file is cut, and a recovered row's own (changefreq "always<"), written as it is.
    expect(errorsLeftByExport(result, repairedOnExport(set, result))).toBe(2);
  });

  it('does not count where a gzipped file is cut off: its rows are written, what followed is lost', () => {
    const xml = urlset(
      Array.from({ length: 400 }, (_, i) => `<url><loc>https://example.com/${i}</loc></url>`).join('\n'),
    );
    const gz = gzipSync(new TextEncoder().encode(xml));
    const { set, result } = checked([{ name: 'cut.xml.gz', bytes: gz.subarray(0, gz.length >> 1) }]);
    expect(set.files[0]).toMatchObject({ kind: 'urlset', partial: true });
    expect(set.files[0]?.count).toBeGreaterThan(0);
    expect(result.byCode).toEqual({ compression: 1, 'xml-malformed': 1 });
    expect(repairedOnExport(set, result)).toEqual({});
    expect(errorsLeftByExport(result, {})).toBe(2);
  });

  it('does not count xml-malformed of a file nothing was recovered from', () => {
    const { set, result } = checked([
      { name: 'none.xml', text: '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></url></urlset>' },
    ]);
    expect(set.files[0]?.count).toBe(0);
    expect(result.byCode).toEqual({ 'xml-malformed': 1, 'empty-sitemap': 1 });
    expect(repairedOnExport(set, result)).toEqual({});
    expect(errorsLeftByExport(result, {})).toBe(1);
  });
});

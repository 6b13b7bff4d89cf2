import { describe, expect, it } from 'vitest';
import { fixture } from '../../../fixtures/helpers';
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
    expect(repairedOnExport(set, result)).toEqual({ 'xml-malformed': 3, namespace: 1 });
    // The error left is a recovered row's own (changefreq "always<"): the export writes it as it is.
    expect(errorsLeftByExport(result, repairedOnExport(set, result))).toBe(1);
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

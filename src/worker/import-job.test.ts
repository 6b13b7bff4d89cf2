import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { snapshotSet } from '../core/persist/document-snapshot';
import { importFiles, type InputFile } from '../core/read/import-files';
import type { SitemapSet } from '../core/sitemap-set';
import { readImport } from './import-job';
import { splitInputs } from './parse-helper';

const big = (name: string, n: number): InputFile => {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`https://example.com/${name}/${i}`);
  return { name, bytes: new TextEncoder().encode(lines.join('\n')) };
};

/** A helper that reads in this thread, as the worker would, and hands back the saved form. */
const inline = { available: true, parse: (inputs: InputFile[]) => Promise.resolve(snapshotSet(importFiles(inputs), '', 0)) };
const broken = { available: true, parse: () => Promise.reject(new Error('no helper')) };

function shape(set: SitemapSet) {
  return {
    files: set.files.map((f) => f.name),
    locs: set.rows.loc.toArray(),
    file: Array.from(set.rows.file.subarray(0, set.rows.length)),
    line: Array.from(set.rows.line.subarray(0, set.rows.length)),
    problems: set.problems.map((p) => [p.code, p.file, p.line]),
    children: set.sitemaps.map((s) => s.child),
  };
}

describe('readImport: an import read by two workers', () => {
  it('splits large imports by bytes, keeping file order, and leaves small ones whole', () => {
    const files = [big('a', 200_000), big('b', 200_000), big('c', 200_000), big('d', 200_000)];
    expect(files.reduce((n, f) => n + f.bytes.length, 0)).toBeGreaterThan(8 * 1024 * 1024);
    const { here, helper } = splitInputs(files);
    expect(here.map((f) => f.name)).toEqual(['a', 'b']);
    expect(helper.map((f) => f.name)).toEqual(['c', 'd']);
    expect(splitInputs(files.slice(0, 1)).helper).toEqual([]);
    expect(splitInputs([big('x', 10), big('y', 10)]).helper).toEqual([]);
  });

  it('gives the same set as one reader: rows in file order, problems, index children', async () => {
    const inputs: InputFile[] = [
      big('first', 150_000),
      { name: 'basic-index.xml', bytes: fixture('basic-index.xml') },
      big('second', 150_000),
      { name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') },
      { name: 'broken-truncated.xml', bytes: fixture('broken-truncated.xml') },
    ];
    expect(splitInputs(inputs).helper.length).toBeGreaterThan(0);
    const expected = shape(importFiles(inputs));
    expect(shape(await readImport(inputs, inline, () => {}))).toEqual(expected);
    // A helper that fails: its files are read here instead.
    expect(shape(await readImport(inputs, broken, () => {}))).toEqual(expected);
  });
});

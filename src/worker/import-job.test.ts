import { describe, expect, it } from 'vitest';
import { fixture, listOf } from '../../fixtures/helpers';
import { checkSet } from '../core/check/check-set';
import { type CheckResult } from '../core/check/check-result';
import { ownChecks } from '../core/check/own-checks';
import { importFiles, type InputFile } from '../core/read/import-files';
import type { SitemapSet } from '../core/read/sitemap-set';
import { ArenaDictColumn } from '../core/rows/arena-dict-column';
import { handOverSet } from './hand-over-set';
import { readImport, readImportChecked } from './import-job';
import { splitInputs, type ParseReply, type ParseRequest } from './parse-helper';

const big = (name: string, n: number): InputFile => {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`https://example.com/${name}/${i}`);
  return { name, bytes: new TextEncoder().encode(lines.join('\n')) };
};

/** A rejection nothing needs to wait for (as ParseHelper.parse makes its checks' answer). */
const failing = <T>(why: string): Promise<T> => {
  const p = Promise.reject<T>(new Error(why));
  p.catch(() => {});
  return p;
};
/** A helper that reads (and checks, when asked) in this thread, as the parse worker would, and hands back its rows, then their checks, as the parse worker does. */
const inline = {
  available: true,
  parse: ({ inputs, basis }: ParseRequest): ParseReply => {
    const set = importFiles(inputs);
    return {
      rows: Promise.resolve(handOverSet(set)),
      own: Promise.resolve(basis ? ownChecks(set.rows, basis.siteUrl, basis.now) : null),
    };
  },
};
/** A helper whose rows come but whose checks fail (it stopped in between). */
const checksFail = {
  available: true,
  parse: (request: ParseRequest): ParseReply => ({
    rows: inline.parse(request).rows,
    own: failing('the helper worker stopped'),
  }),
};
/** A urlset of `n` rows, one in three dated with one of a few days (found in every file), the others with a time of their own. */
const dated = (name: string, from: number, n: number): InputFile => {
  const rows: string[] = [];
  for (let i = from; i < from + n; i++) {
    const lastmod =
      i % 3 === 0 ? `2024-01-0${(i % 7) + 1}` : i % 3 === 1 ? `2023-05-01T00:00:${String(i).padStart(7, '0')}Z` : '';
    rows.push(
      `<url><loc>https://example.com/${name}/${i}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    );
  }
  return {
    name,
    bytes: new TextEncoder().encode(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${rows.join('\n')}\n</urlset>\n`,
    ),
  };
};
const broken = {
  available: true,
  parse: (): ParseReply => ({ rows: failing('no helper'), own: failing('no helper') }),
};

function shape(set: SitemapSet) {
  return {
    files: set.files.map((f) => f.name),
    locs: listOf(set.rows.loc),
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
    // Twenty equal files (the benchmark's): half stays here.
    const twenty = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, bytes: new Uint8Array(512 * 1024) }));
    expect(splitInputs(twenty).here.map((f) => f.name)).toEqual(twenty.slice(0, 10).map((f) => f.name));
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

  it('checks each half where it was read, and the check of the whole comes out as one worker makes it', async () => {
    const siteUrl = 'https://example.com/';
    const now = Date.UTC(2025, 5, 1);
    // Duplicates across the cut ("first" and "again" share their URLs), locs off the Site URL, defects.
    const inputs: InputFile[] = [
      big('first', 150_000),
      { name: 'all-fixes.xml', bytes: fixture('all-fixes.xml') },
      { name: 'off.txt', bytes: new TextEncoder().encode('https://other.example.org/a\nhttps://example.com/first/7') },
      { name: 'again', bytes: big('first', 150_000).bytes },
      { name: 'duplicates-ext.xml', bytes: fixture('duplicates-ext.xml') },
    ];
    const { helper } = splitInputs(inputs);
    expect(helper.map((f) => f.name)).toEqual(['again', 'duplicates-ext.xml']);
    const figures = (r: CheckResult) => ({
      rowCodes: Array.from(r.rowCodes),
      extCodes: [...r.extCodes],
      counts: r.counts,
      byCode: r.byCode,
      problems: r.problems.map((p) => p.message),
    });
    const whole = importFiles(inputs);
    const expected = figures(checkSet(whole, { siteUrl, now: new Date(now) }));
    // Both copies of "first" and off.txt's first/7, all-fixes' two /d, duplicates-ext's two /news and three /videos.
    expect(expected.byCode['loc-duplicate']).toBe(2 * 150_000 + 1 + 2 + 5);
    expect(expected.byCode['loc-not-allowed']).toBe(1);
    const read = await readImportChecked(inputs, inline, () => {}, { siteUrl, now });
    expect(shape(read.set)).toEqual(shape(whole));
    // all-fixes.xml: 7 rows.
    expect(read.own?.map((p) => p.codes.length)).toEqual([150_000 + 7 + 2, 150_000 + 6]);
    expect(figures(checkSet(read.set, { siteUrl }, read.own ?? undefined))).toEqual(expected);
    // Without a helper's checks (it failed, its files read here), there are none: the whole is checked after.
    const fallback = await readImportChecked(inputs, broken, () => {}, { siteUrl, now });
    expect(fallback.own).toBeNull();
    expect(figures(checkSet(fallback.set, { siteUrl, now: new Date(now) }))).toEqual(expected);
    // Its rows came but not their checks: the rows are the same, and the whole is checked after.
    const unchecked = await readImportChecked(inputs, checksFail, () => {}, { siteUrl, now });
    expect(unchecked.own).toBeNull();
    expect(shape(unchecked.set)).toEqual(shape(whole));
    expect(figures(checkSet(unchecked.set, { siteUrl, now: new Date(now) }))).toEqual(expected);
  });

  it("merges the helper's lastmods by their distinct values: the same values, equal ones under one number", async () => {
    // "c" and "d" (the helper's) repeat the values of "a" and "b": every value is found on both sides of the cut.
    const inputs = [
      dated('a', 0, 36_000),
      dated('b', 36_000, 36_000),
      dated('c', 0, 36_000),
      dated('d', 36_000, 36_000),
    ];
    expect(splitInputs(inputs).helper.map((f) => f.name)).toEqual(['c', 'd']);
    const whole = importFiles(inputs);
    const set = await readImport(inputs, inline, () => {});
    const lastmods = listOf(set.rows.lastmod);
    expect(lastmods).toEqual(listOf(whole.rows.lastmod));
    expect(lastmods[3]).toBe('2024-01-04');
    expect(lastmods[72_001]).toBe('2023-05-01T00:00:0000001Z');
    const col = set.rows.lastmod as ArenaDictColumn;
    expect(col).toBeInstanceOf(ArenaDictColumn);
    // Equal values, equal numbers; no value held twice: 7 days, 24,000 times, and ''.
    const codeOf = new Map<string, number>();
    lastmods.forEach((v, i) => {
      const c = codeOf.get(v) ?? col.codeAt(i);
      codeOf.set(v, c);
      expect(col.codeAt(i)).toBe(c);
    });
    expect(codeOf.size).toBe(7 + 24_000 + 1);
    expect(col.distinctCount).toBe(7 + 24_000 + 1);
    // An edit after the merge finds a value the helper brought.
    col.set(0, '2023-05-01T00:00:0000100Z');
    expect(col.codeAt(0)).toBe(col.codeAt(100));
  });
});

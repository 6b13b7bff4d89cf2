import { describe, expect, it } from 'vitest';
import { makeProblem } from '../rules/problem';
import { READ_FLAG } from '../rows/rows';
import type { ExtElement, IndexEntry } from '../rows/types';
import type { RuleCode } from '../rules/registry';
import { checkSet, recheckRows } from './check-set';
import { rowProblems } from './row-problems';
import { type CheckResult } from './check-result';
import { setOf, sourceFile, type RowInput } from './test-helpers';
import { NAMESPACE, XML_MALFORMED } from '../rules/file/file-rules';
import { ROW_RULES, ROW_RULE_BITS, codesOfMask } from '../rules/bits';

const now = new Date('2024-06-15T12:00:00Z');
const SITE = 'https://example.com/';
const good = (path: string, extra: RowInput = {}): RowInput => ({ loc: SITE + path, ...extra });
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
/** An image:image entry lacking its required image:loc. */
const imageWithout = (_missing: 'loc'): ExtElement => ({
  ns: IMAGE_NS,
  prefix: 'image',
  name: 'image',
  attrs: [],
  children: [{ ns: IMAGE_NS, prefix: 'image', name: 'title', attrs: [], children: ['t'] }],
});
const codesAt = (r: CheckResult, i: number): RuleCode[] => codesOfMask(r.rowCodes[i] ?? 0);

/** Sum of byCode equals the sum of counts: nothing is counted twice or lost. */
function expectConsistent(r: CheckResult): void {
  const byCode = Object.values(r.byCode).reduce((a, b) => a + (b ?? 0), 0);
  expect(r.counts.error + r.counts.warning + r.counts.info).toBe(byCode);
}

describe('checkSet: every row rule fires on a bad row and stays quiet on a good one', () => {
  const cases: [RuleCode, RowInput][] = [
    ['loc-missing', { loc: '' }],
    ['loc-whitespace', good('a b')],
    ['loc-not-absolute', { loc: 'post-sitemap.xml' }],
    ['loc-scheme', { loc: 'htp://example.com/a' }],
    ['loc-too-long', good('x'.repeat(2100))],
    ['loc-unescaped', good('café')],
    ['loc-fragment', good('a#top')],
    ['lastmod-format', good('a', { lastmod: '2023/01/05' })],
    ['lastmod-invalid', good('a', { lastmod: '2023-02-30' })],
    ['lastmod-timezone', good('a', { lastmod: '2024-01-05T10:00:00' })],
    ['lastmod-future', good('a', { lastmod: '2030-01-01' })],
    ['changefreq-value', good('a', { changefreq: 'Daily' })],
    ['priority-format', good('a', { priority: '0,8' })],
    ['priority-range', good('a', { priority: '1.5' })],
    ['duplicate-tag', good('a', { flags: READ_FLAG.duplicateLastmod })],
    ['unknown-tag', good('a', { flags: READ_FLAG.unknownTag })],
    ['ext-invalid', good('a', { ext: [imageWithout('loc')] })],
  ];
  it.each(cases)('%s', (code, bad) => {
    const set = setOf([good('ok', { lastmod: '2024-01-05', changefreq: 'daily', priority: '0.8' }), bad, good('ok2')]);
    const r = checkSet(set, { now });
    expect(codesAt(r, 0)).toEqual([]);
    expect(codesAt(r, 1)).toEqual([code]);
    expect(codesAt(r, 2)).toEqual([]);
    expect(r.byCode).toEqual({ [code]: 1 });
    expect(r.problems).toEqual([]);
    expectConsistent(r);
  });

  it('covers every row rule of the bit table', () => {
    expect([...cases.map((c) => c[0]), 'loc-duplicate', 'loc-not-allowed'].sort()).toEqual([...ROW_RULES].sort());
  });

  it('a clean set has no problems at all', () => {
    const r = checkSet(
      setOf([good('a'), good('b', { lastmod: '2024-06-15T10:00:00+02:00', changefreq: 'never', priority: '1.0' })]),
      { now },
    );
    expect(r.rowCodes).toEqual(new Uint32Array([0, 0]));
    expect(r.counts).toEqual({ error: 0, warning: 0, info: 0 });
    expect(r.byCode).toEqual({});
    expect(r.problems).toEqual([]);
  });
});

describe('loc-too-long severity depends on the length', () => {
  const url = (len: number): string => SITE + 'a'.repeat(len - SITE.length);
  it('counts > 2,048 as an error and > 1,024 as a warning', () => {
    const r = checkSet(setOf([url(2048), url(2049), url(1024), url(1025)]), { now });
    expect(r.byCode['loc-too-long']).toBe(3);
    expect(r.counts).toEqual({ error: 1, warning: 2, info: 0 });
    const set = setOf([url(2049), url(1025)]);
    const r2 = checkSet(set, { now });
    expect(rowProblems(set, r2, 0)[0]).toMatchObject({ code: 'loc-too-long', severity: 'error' });
    expect(rowProblems(set, r2, 0)[0]?.message).toContain('2,049 characters long once escaped; the limit is 2,048');
    expect(rowProblems(set, r2, 1)[0]).toMatchObject({ code: 'loc-too-long', severity: 'warning' });
    expect(rowProblems(set, r2, 1)[0]?.message).toContain('over 1,024');
  });
});

describe('loc-duplicate', () => {
  it('flags every row involved and counts rows', () => {
    const r = checkSet(setOf([good('a'), good('b'), good('a'), good('a'), good('c')]), { now });
    expect(Array.from(r.rowCodes)).toEqual([1, 0, 1, 1, 0].map((x) => x * ROW_RULE_BITS['loc-duplicate']));
    expect(r.byCode).toEqual({ 'loc-duplicate': 3 });
    expect(r.counts.warning).toBe(3);
  });
  it('compares exact strings and ignores empty locs', () => {
    const r = checkSet(setOf([good('a'), good('A'), SITE + 'a/', '', '']), { now });
    expect(r.byCode).toEqual({ 'loc-missing': 2 });
  });
  it('says how many times the URL appears', () => {
    const set = setOf([good('a'), good('a'), good('a')]);
    const r = checkSet(set, { now });
    expect(rowProblems(set, r, 2)[0]?.message).toBe('URL "https://example.com/a" appears 3 times');
  });
});

describe('loc-not-allowed', () => {
  it('without a Site URL, flags URLs off the most common origin', () => {
    const set = setOf([
      good('a'),
      good('b'),
      'https://other.example/x',
      'HTTPS://EXAMPLE.COM:443/c',
      'http://example.com/d',
      'relative',
    ]);
    const r = checkSet(set, { now });
    expect(r.rowCodes[0]).toBe(0);
    expect(r.rowCodes[3]).toBe(0);
    expect(codesAt(r, 2)).toEqual(['loc-not-allowed']);
    expect(codesAt(r, 4)).toEqual(['loc-not-allowed']);
    expect(codesAt(r, 5)).toEqual(['loc-not-absolute']);
    expect(rowProblems(set, r, 2)[0]?.message).toContain('(https://example.com)');
  });
  it('with a Site URL in a directory, flags other origins, ports and paths', () => {
    const site = 'https://example.com/catalog/';
    const set = setOf([
      'https://example.com/catalog/a',
      'https://example.com/catalog/',
      'https://example.com/catalog',
      'https://example.com/other/a',
      'https://example.com/',
      'http://example.com/catalog/a',
      'https://example.com:8443/catalog/a',
      'https://shop.example.com/catalog/a',
      'https://example.com/catalogue/a',
    ]);
    const r = checkSet(set, { now, siteUrl: site });
    expect(Array.from(r.rowCodes, (m) => (m ? 1 : 0))).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 1]);
    expect(r.byCode).toEqual({ 'loc-not-allowed': 6 });
    expect(rowProblems(set, r, 3, { siteUrl: site })[0]?.message).toContain(
      'is outside https://example.com/catalog/, where the sitemap is served',
    );
  });
  it('a Site URL naming the sitemap file allows its directory', () => {
    const r = checkSet(setOf(['https://example.com/catalog/a', 'https://example.com/b']), {
      now,
      siteUrl: 'https://example.com/catalog/sitemap.xml',
    });
    expect(Array.from(r.rowCodes, (m) => (m ? 1 : 0))).toEqual([0, 1]);
  });
  it('a bare host allows the whole host', () => {
    const r = checkSet(setOf(['https://example.com/a/b', 'https://example.com', 'https://www.example.com/']), {
      now,
      siteUrl: 'https://example.com',
    });
    expect(Array.from(r.rowCodes, (m) => (m ? 1 : 0))).toEqual([0, 0, 1]);
  });
});

describe('priority-uniform', () => {
  it('is one info problem when every row has the same non-default priority', () => {
    const r = checkSet(setOf([good('a', { priority: '1.0' }), good('b', { priority: '1.0' })]), { now });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ code: 'priority-uniform', severity: 'info', field: 'priority' });
    expect(r.problems[0]?.message).toContain('All 2 URLs have priority "1.0"');
    expect(r.counts).toEqual({ error: 0, warning: 0, info: 1 });
    expect(r.byCode).toEqual({ 'priority-uniform': 1 });
  });
  it.each([
    ['one row', [good('a', { priority: '0.9' })]],
    ['the default 0.5', [good('a', { priority: '0.5' }), good('b', { priority: '0.5' })]],
    ['the default written .50', [good('a', { priority: '.50' }), good('b', { priority: '.50' })]],
    ['different values', [good('a', { priority: '0.9' }), good('b', { priority: '0.8' })]],
    ['a row without', [good('a', { priority: '0.9' }), good('b')]],
    ['no priorities', [good('a'), good('b')]],
  ])('stays quiet for %s', (_, rows) => {
    expect(checkSet(setOf(rows), { now }).problems).toEqual([]);
  });
});

describe('rowProblems', () => {
  it('locates each problem: file, line, column, row id and field, in plain words', () => {
    const files = [sourceFile('a.xml'), sourceFile('b.xml')];
    const set = setOf(
      [
        good('ok'),
        {
          loc: 'https://example.com/x y',
          lastmod: '2023/01/05',
          changefreq: 'Daily',
          priority: '0,8',
          file: 1,
          line: 40,
          column: 5,
        },
      ],
      { files },
    );
    const r = checkSet(set, { now });
    const ps = rowProblems(set, r, 1);
    const id = set.rows.id[1];
    expect(ps.map((p) => [p.code, p.severity, p.field])).toEqual([
      ['loc-whitespace', 'error', 'loc'],
      ['lastmod-format', 'error', 'lastmod'],
      ['changefreq-value', 'error', 'changefreq'],
      ['priority-format', 'error', 'priority'],
    ]);
    for (const p of ps) expect(p).toMatchObject({ file: 'b.xml', line: 40, column: 5, row: id });
    expect(ps[0]?.message).toBe(
      'URL "https://example.com/x y" contains a space; trim it and percent-encode what is inside (a space is %20) (Search Console: "Invalid URL")',
    );
    expect(ps[1]?.message).toBe(
      'lastmod "2023/01/05" is not a W3C date; use 2023-01-05 (Search Console: "Invalid date")',
    );
    expect(ps[2]?.message).toContain('changefreq "Daily" is not one of the seven values; use daily');
    expect(ps[3]?.message).toContain('priority "0,8" is not a decimal number; use 0.8');
    expect(rowProblems(set, r, 0)).toEqual([]);
  });

  it.each<[RowInput, RuleCode, string]>([
    [{ loc: '' }, 'loc-missing', 'This entry has no URL'],
    [
      { loc: 'post-sitemap.xml' },
      'loc-not-absolute',
      'URL "post-sitemap.xml" is relative; use the absolute URL https://example.com/post-sitemap.xml',
    ],
    [{ loc: 'ftp://example.com/f' }, 'loc-scheme', 'uses the scheme "ftp:"; only http and https are allowed'],
    [{ loc: 'https://example.com/café' }, 'loc-unescaped', 'contains "é", which must be percent-encoded as %C3%A9'],
    [{ loc: 'https://bücher.example/' }, 'loc-unescaped', 'must be written in punycode: xn--bcher-kva.example'],
    [{ loc: 'https://example.com/50%off' }, 'loc-unescaped', 'write it as %25'],
    [{ loc: 'https://example.com/a#top' }, 'loc-fragment', 'the fragment "#top"'],
    [good('a', { lastmod: '2023-02-29' }), 'lastmod-invalid', 'February 2023 has no day 29'],
    [good('a', { lastmod: '2024-01-05T25:00:00Z' }), 'lastmod-invalid', 'there is no hour 25'],
    [good('a', { lastmod: '2024-01-05T10:00:00-00:14400' }), 'lastmod-invalid', 'impossible time zone offset'],
    [good('a', { lastmod: '2024-01-05T10:00:00' }), 'lastmod-timezone', 'has a time but no time zone'],
    [good('a', { lastmod: '2030-01-01' }), 'lastmod-future', 'lastmod "2030-01-01" is in the future'],
    [
      good('a', { changefreq: 'bi-weekly' }),
      'changefreq-value',
      'is not one of always, hourly, daily, weekly, monthly, yearly, never',
    ],
    [good('a', { priority: '1.01' }), 'priority-range', 'priority "1.01" is outside 0.0 to 1.0'],
    [
      good('a', { flags: READ_FLAG.duplicatePriority | READ_FLAG.duplicateLoc }),
      'duplicate-tag',
      '<loc>, <priority> appear more than once in this entry; the first value is kept',
    ],
    [good('a', { flags: READ_FLAG.unknownTag }), 'unknown-tag', 'outside the sitemap protocol'],
  ])('message for %j names %s', (row, code, text) => {
    const set = setOf([row]);
    const r = checkSet(set, { now, siteUrl: SITE });
    const ps = rowProblems(set, r, 0, { siteUrl: SITE, now });
    expect(ps[0]?.code).toBe(code);
    expect(ps[0]?.message).toContain(text);
  });

  it('truncates long values to about 80 characters', () => {
    const set = setOf([SITE + 'x'.repeat(200) + ' y']);
    const msg = rowProblems(set, checkSet(set, { now }), 0)[0]?.message ?? '';
    expect(msg).toContain('"https://example.com/' + 'x'.repeat(59) + '…"');
  });
});

describe('file-level and index-entry problems', () => {
  it('copies the reader problems and counts them', () => {
    const set = setOf([good('a')]);
    set.problems.push(makeProblem(NAMESPACE, 'Wrong namespace', { file: 'sitemap.xml', line: 1, column: 1 }));
    set.problems.push(makeProblem(XML_MALFORMED, 'Broken', { file: 'sitemap.xml', line: 9, column: 2 }));
    const r = checkSet(set, { now });
    expect(r.problems.map((p) => p.code)).toEqual(['namespace', 'xml-malformed']);
    expect(r.counts).toEqual({ error: 1, warning: 1, info: 0 });
    expect(r.byCode).toEqual({ namespace: 1, 'xml-malformed': 1 });
  });

  it('checks index entries with the loc and lastmod rules, located without a row', () => {
    const entry = (loc: string, lastmod: string, line: number): IndexEntry => ({
      file: 0,
      loc,
      lastmod,
      line,
      column: 3,
      child: -1,
    });
    const set = setOf([], {
      files: [sourceFile('sitemap_index.xml', 'sitemapindex')],
      sitemaps: [
        entry('https://example.com/post-sitemap.xml', '2024-01-05T10:00:00+00:00', 3),
        entry('page-sitemap.xml', '2023/01/05', 7),
        entry(' https://example.com/a.xml', '', 11),
        entry('https://other.example/b.xml', '2024-02-30', 15),
      ],
    });
    const r = checkSet(set, { now, siteUrl: SITE });
    expect(r.problems.map((p) => [p.code, p.line, p.field])).toEqual([
      ['loc-not-absolute', 7, 'loc'],
      ['lastmod-format', 7, 'lastmod'],
      ['loc-whitespace', 11, 'loc'],
      ['loc-not-allowed', 15, 'loc'],
      ['lastmod-invalid', 15, 'lastmod'],
    ]);
    for (const p of r.problems) {
      expect(p.file).toBe('sitemap_index.xml');
      expect(p.column).toBe(3);
      expect(p.row).toBeUndefined();
    }
    expect(r.problems[0]?.message).toContain('Sitemap URL "page-sitemap.xml" is relative');
    expect(r.counts).toEqual({ error: 4, warning: 1, info: 0 });
    expectConsistent(r);
  });
});

describe('recheckRows', () => {
  it('editing one of two duplicates un-flags both rows', () => {
    const set = setOf([good('a'), good('b'), good('a')]);
    const r = checkSet(set, { now });
    expect(r.byCode).toEqual({ 'loc-duplicate': 2 });
    set.rows.loc.set(2, SITE + 'c');
    recheckRows(set, r, [2], { now });
    expect(Array.from(r.rowCodes)).toEqual([0, 0, 0]);
    expect(r.byCode).toEqual({});
    expect(r.counts).toEqual({ error: 0, warning: 0, info: 0 });
  });

  it('an edit that creates a duplicate flags the other row too', () => {
    const set = setOf([good('a'), good('b'), good('c')]);
    const r = checkSet(set, { now });
    set.rows.loc.set(2, SITE + 'a');
    recheckRows(set, r, [2], { now });
    expect(Array.from(r.rowCodes, (m) => codesOfMask(m))).toEqual([['loc-duplicate'], [], ['loc-duplicate']]);
    expect(r.byCode).toEqual({ 'loc-duplicate': 2 });
  });

  it('three copies: removing one leaves two flagged', () => {
    const set = setOf([good('a'), good('a'), good('a')]);
    const r = checkSet(set, { now });
    set.rows.loc.set(0, SITE + 'z');
    recheckRows(set, r, [0], { now });
    expect(Array.from(r.rowCodes, (m) => (m ? 1 : 0))).toEqual([0, 1, 1]);
    expect(r.byCode).toEqual({ 'loc-duplicate': 2 });
  });

  it('updates own-row rules and the totals', () => {
    const set = setOf([good('a', { lastmod: 'bad' }), good('b')]);
    const r = checkSet(set, { now });
    expect(r.counts.error).toBe(1);
    set.rows.lastmod.set(0, '2024-01-05');
    set.rows.priority.set(1, '7');
    recheckRows(set, r, [0, 1], { now });
    expect(codesAt(r, 0)).toEqual([]);
    expect(codesAt(r, 1)).toEqual(['priority-range']);
    expect(r.byCode).toEqual({ 'priority-range': 1 });
  });

  it('re-flags every row when the most common origin changes', () => {
    const set = setOf([good('a'), good('b'), 'https://other.example/c', 'https://other.example/d']);
    const r = checkSet(set, { now });
    // Tie: the alphabetically first origin wins, whatever the order of edits.
    expect(Array.from(r.rowCodes, (m) => (m ? 1 : 0))).toEqual([0, 0, 1, 1]);
    set.rows.loc.set(1, 'https://other.example/b');
    recheckRows(set, r, [1], { now });
    expect(Array.from(r.rowCodes, (m) => (m ? 1 : 0))).toEqual([1, 0, 0, 0]);
    expect(r.byCode).toEqual({ 'loc-not-allowed': 1 });
  });

  it('adds and removes priority-uniform', () => {
    const set = setOf([good('a', { priority: '0.9' }), good('b', { priority: '0.8' })]);
    const r = checkSet(set, { now });
    set.rows.priority.set(1, '0.9');
    recheckRows(set, r, [1], { now });
    expect(r.problems.map((p) => p.code)).toEqual(['priority-uniform']);
    expect(r.counts.info).toBe(1);
    set.rows.priority.set(0, '');
    recheckRows(set, r, [0], { now });
    expect(r.problems).toEqual([]);
    expect(r.counts.info).toBe(0);
  });

  it('gives the same result as a full check after random edits', () => {
    const locs = ['a', 'b', 'c', 'a', 'x y', 'rel', 'https://o.example/q'];
    const set = setOf(locs.map((l, k) => (l.startsWith('https') ? l : k === 5 ? l : good(l))));
    const r = checkSet(set, { now });
    const values = [SITE + 'a', SITE + 'b', 'https://o.example/q', 'https://o.example/r', '', 'rel', SITE + 'a#f'];
    let seed = 7;
    for (let step = 0; step < 200; step++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const p = seed % locs.length;
      set.rows.loc.set(p, values[(seed >> 8) % values.length] as string);
      recheckRows(set, r, [p], { now });
      const full = checkSet(set, { now });
      expect(Array.from(r.rowCodes)).toEqual(Array.from(full.rowCodes));
      expect(r.byCode).toEqual(full.byCode);
      expect(r.counts).toEqual(full.counts);
    }
  });

  it('agrees with a full check after random edits of every field, with a Site URL', () => {
    const opts = { now, siteUrl: 'https://example.com/shop/' };
    const set = setOf(Array.from({ length: 6 }, (_, k) => 'https://example.com/shop/' + k));
    const r = checkSet(set, opts);
    const pools = {
      loc: ['https://example.com/shop/1', 'https://example.com/x', ' https://example.com/shop/2', 'rel', ''],
      lastmod: ['', '2024-01-05', '2023/01/05', '2030-01-01T00:00:00'],
      changefreq: ['', 'daily', 'Daily'],
      priority: ['', '0.9', '0,9', '2'],
    } as const;
    const fields = ['loc', 'lastmod', 'changefreq', 'priority'] as const;
    let seed = 11;
    for (let step = 0; step < 300; step++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const p = seed % 6;
      const field = fields[(seed >> 4) % 4] as (typeof fields)[number];
      const pool = pools[field];
      set.rows[field].set(p, pool[(seed >> 8) % pool.length] as string);
      recheckRows(set, r, [p], opts);
      const full = checkSet(set, opts);
      expect(Array.from(r.rowCodes)).toEqual(Array.from(full.rowCodes));
      expect(r.byCode).toEqual(full.byCode);
      expect(r.counts).toEqual(full.counts);
      expect(r.problems).toEqual(full.problems);
    }
  });

  it('falls back to a full check when rows were added', () => {
    const set = setOf([good('a')]);
    const r = checkSet(set, { now });
    set.rows.push({ loc: SITE + 'a', lastmod: '', changefreq: '', priority: '', ext: [] });
    recheckRows(set, r, [1], { now });
    expect(r.rowCodes).toHaveLength(2);
    expect(r.byCode).toEqual({ 'loc-duplicate': 2 });
  });
});

describe('scale', () => {
  it('checks 200,000 rows', () => {
    const entries: RowInput[] = [];
    for (let i = 0; i < 200_000; i++) {
      entries.push({
        loc: i % 1000 === 999 ? SITE + 'p/' + (i - 1) : SITE + 'p/' + i,
        lastmod: i % 5000 === 0 ? '2023/01/05' : '2024-01-05T10:00:00+00:00',
        changefreq: 'weekly',
        priority: i % 2 ? '0.5' : '0.8',
      });
    }
    const set = setOf(entries);
    const r = checkSet(set, { now });
    expect(r.rowCodes).toHaveLength(200_000);
    expect(r.byCode).toEqual({ 'loc-duplicate': 400, 'lastmod-format': 40 });
    expect(r.counts).toEqual({ error: 40, warning: 400, info: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../fixtures/helpers';
import { UrlRows } from '../rows/rows';
import {
  checkBulkValue,
  compileReplace,
  planPasteColumn,
  planReplace,
  planSet,
  planSetFromPublication,
  publicationDateOf,
  splitPastedColumn,
  todayLastmod,
  type ReplaceOptions,
} from './bulk';
import { lastmodTime } from '../rules/lastmod/lastmod-fixes';

function rowsOf(entries: { loc: string; lastmod?: string; changefreq?: string; priority?: string }[]): UrlRows {
  const rows = new UrlRows();
  for (const e of entries)
    rows.push({
      loc: e.loc,
      lastmod: e.lastmod ?? '',
      changefreq: e.changefreq ?? '',
      priority: e.priority ?? '',
      ext: [],
    });
  rows.seal();
  return rows;
}

const all = (rows: UrlRows) => Array.from({ length: rows.length }, (_, i) => i);

function replacer(opts: Partial<ReplaceOptions> & { find: string }): (s: string) => string {
  const r = compileReplace({ replace: '', regex: false, caseSensitive: true, ...opts });
  if (!r.ok) throw new Error(r.message);
  return r.apply;
}

describe('planSet', () => {
  it('plans a change for each row at the positions that differs, by id', () => {
    const rows = rowsOf([
      { loc: 'https://a/1', changefreq: 'daily' },
      { loc: 'https://a/2', changefreq: 'weekly' },
      { loc: 'https://a/3' },
    ]);
    expect(planSet(rows, [0, 1, 2], 'changefreq', 'weekly')).toEqual([
      { row: 1, field: 'changefreq', before: 'daily', after: 'weekly' },
      { row: 3, field: 'changefreq', before: '', after: 'weekly' },
    ]);
    // Nothing was changed.
    expect(rows.changefreq.get(0)).toBe('daily');
  });

  it('checks values: the seven changefreqs, a priority 0.0–1.0, a W3C lastmod', () => {
    expect(checkBulkValue('changefreq', 'weekly')).toBeNull();
    expect(checkBulkValue('changefreq', 'Weekly')).toMatch(/not a changefreq/);
    expect(checkBulkValue('priority', '0.5')).toBeNull();
    expect(checkBulkValue('priority', '1.5')).toMatch(/not a priority/);
    expect(checkBulkValue('priority', 'high')).toMatch(/not a priority/);
    expect(checkBulkValue('lastmod', '2024-05-08')).toBeNull();
    expect(checkBulkValue('lastmod', '2024-05-08T10:00:00+02:00')).toBeNull();
    expect(checkBulkValue('lastmod', '08/05/2024')).toMatch(/not a W3C date/);
    expect(checkBulkValue('lastmod', '')).toBeNull();
    expect(todayLastmod(new Date('2024-05-08T23:30:00Z'))).toBe('2024-05-08');
  });
});

describe('find & replace in loc', () => {
  it('replaces plain text everywhere in a loc, literally ($ and . are themselves)', () => {
    const rows = rowsOf([{ loc: 'http://a.com/x.html?p=$1' }, { loc: 'http://axcom/' }]);
    const plan = planReplace(rows, all(rows), replacer({ find: '.', replace: '$1' }));
    expect(plan.changes.map((c) => c.after)).toEqual(['http://a$1com/x$1html?p=$1']);
    expect(plan.changes[0]).toMatchObject({ row: 1, field: 'loc', before: 'http://a.com/x.html?p=$1' });
  });

  it('uses regular expression groups ($1) and named groups', () => {
    const rows = rowsOf([{ loc: 'http://example.com/blog/2023/post' }, { loc: 'http://example.com/about' }]);
    const plan = planReplace(
      rows,
      all(rows),
      replacer({
        find: '^http://example\\.com/blog/(\\d+)/(.*)$',
        replace: 'https://example.com/$2?year=$1',
        regex: true,
      }),
    );
    expect(plan.changes).toEqual([
      {
        row: 1,
        field: 'loc',
        before: 'http://example.com/blog/2023/post',
        after: 'https://example.com/post?year=2023',
      },
    ]);
    const named = planReplace(rows, [1], replacer({ find: '/(?<page>\\w+)$', replace: '/pages/$<page>', regex: true }));
    expect(named.changes[0]?.after).toBe('http://example.com/pages/about');
  });

  it('is case-sensitive or not, as asked', () => {
    const rows = rowsOf([{ loc: 'https://Example.com/A' }]);
    expect(planReplace(rows, [0], replacer({ find: 'example', replace: 'test' })).changes).toEqual([]);
    expect(
      planReplace(rows, [0], replacer({ find: 'example', replace: 'test', caseSensitive: false })).changes[0]?.after,
    ).toBe('https://test.com/A');
    expect(
      planReplace(rows, [0], replacer({ find: '/a$', replace: '/b', regex: true, caseSensitive: false })).changes[0]
        ?.after,
    ).toBe('https://Example.com/b');
  });

  it('says why an invalid regular expression or an empty pattern cannot run, without throwing', () => {
    const bad = compileReplace({ find: '(unclosed', replace: '', regex: true, caseSensitive: true });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^That is not a valid regular expression: /);
    // The same text is fine as plain text.
    expect(compileReplace({ find: '(unclosed', replace: '', regex: false, caseSensitive: true }).ok).toBe(true);
    const empty = compileReplace({ find: '', replace: 'x', regex: false, caseSensitive: true });
    expect(empty).toEqual({ ok: false, message: 'Type the text to find.' });
  });

  it('finds the replacements that would make a URL unusable, not those already broken', () => {
    const rows = rowsOf([
      { loc: 'https://a.com/x' }, // → 'a.com/x': not absolute
      { loc: 'https://a.com/y z' }, // already has white space (not absolute? no: has loc-unescaped) stays its own
      { loc: 'https://a.com/' }, // → '' missing
      { loc: 'ftp://a.com/x' }, // scheme already wrong: not blamed
      { loc: 'https://b.com/x' }, // untouched
    ]);
    const plan = planReplace(rows, all(rows), replacer({ find: 'https://a.com/', replace: '' }));
    expect(plan.changes.map((c) => c.row)).toEqual([1, 2, 3]);
    expect(plan.breaking).toEqual([1, 2, 3]);
    const scheme = planReplace(rows, all(rows), replacer({ find: 'https:', replace: 'mailto:' }));
    expect(scheme.breaking).toEqual([1, 2, 3, 5]);
    const fine = planReplace(rows, all(rows), replacer({ find: 'a.com', replace: 'c.com' }));
    expect(fine.changes.length).toBe(4);
    expect(fine.breaking).toEqual([]);
    const ws = planReplace(rows, [0], replacer({ find: '/x', replace: '/x ' }));
    expect(ws.breaking).toEqual([1]);
  });
});

describe('lastmodTime', () => {
  it('reads mixed forms as instants; unreadable ones count as oldest', () => {
    expect(lastmodTime('2024-02-01T10:00:00+01:00')).toBe(Date.UTC(2024, 1, 1, 9));
    expect(lastmodTime('2024/02/01 10:30')).toBe(Date.UTC(2024, 1, 1, 10, 30));
    expect(lastmodTime('soon')).toBe(-Infinity);
    expect(lastmodTime('')).toBe(-Infinity);
  });
});

describe('paste of a column', () => {
  it('splits lines (CRLF, LF), keeps the first cell of each, drops the last empty line', () => {
    expect(splitPastedColumn('daily\r\nweekly\r\n\r\nmonthly\r\n')).toEqual(['daily', 'weekly', '', 'monthly']);
    expect(splitPastedColumn('0.5\tx\n0.6\ty')).toEqual(['0.5', '0.6']);
    expect(splitPastedColumn('one')).toEqual(['one']);
  });

  it('writes value k into the k-th row of the view from the start, stopping at its end', () => {
    const rows = rowsOf([
      { loc: 'https://a/1' },
      { loc: 'https://a/2', priority: '0.6' },
      { loc: 'https://a/3' },
      { loc: 'https://a/4' },
    ]);
    // A sorted view: positions 3, 1, 2, 0.
    const view = Uint32Array.from([3, 1, 2, 0]);
    expect(planPasteColumn(rows, view, 1, 'priority', ['0.6', '0.7', '0.8', '0.9'])).toEqual([
      { row: 3, field: 'priority', before: '', after: '0.7' },
      { row: 1, field: 'priority', before: '', after: '0.8' },
    ]);
    expect(planPasteColumn(rows, view, 0, 'loc', ['https://b/4'])).toEqual([
      { row: 4, field: 'loc', before: 'https://a/4', after: 'https://b/4' },
    ]);
  });
});

describe('lastmod from the publication date', () => {
  const NEWS =
    ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';
  const set = importText(
    urlset(
      [
        '<url><loc>https://e.com/a</loc><lastmod>2020-01-01</lastmod><news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-05-08T10:00:00+02:00</news:publication_date><news:title>T</news:title></news:news></url>',
        '<url><loc>https://e.com/b</loc><video:video><video:thumbnail_loc>https://e.com/t.jpg</video:thumbnail_loc><video:title>V</video:title><video:description>D</video:description><video:publication_date> 2023-03-01 </video:publication_date></video:video></url>',
        '<url><loc>https://e.com/c</loc><lastmod>2021-01-01</lastmod></url>',
      ].join('\n'),
      NEWS,
    ),
  );

  it('reads the news date first, then the video date, trimmed', () => {
    expect([0, 1, 2].map((i) => publicationDateOf(set.rows.ext[i]))).toEqual([
      '2024-05-08T10:00:00+02:00',
      '2023-03-01',
      '',
    ]);
  });

  it('plans a change per row that has one and counts the others', () => {
    const plan = planSetFromPublication(set.rows, [0, 1, 2]);
    expect(plan.missing).toBe(1);
    expect(plan.changes.map((c) => [c.before, c.after])).toEqual([
      ['2020-01-01', '2024-05-08T10:00:00+02:00'],
      ['', '2023-03-01'],
    ]);
  });
});

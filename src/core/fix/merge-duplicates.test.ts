import { describe, expect, it } from 'vitest';
import { el, ext, image, rowsOf } from '../write/test-helpers';
import type { ExtElement } from '../rows/types';
import { canonicalKey, inSchemaOrder } from './ext-canonical';
import { mergeSourceOf, planMergeDuplicates } from './merge-duplicates';

const A = 'https://example.com/a';
const B = 'https://example.com/b';

function video(title: string, thumb = `https://example.com/${title}.jpg`): ExtElement {
  return ext('video', 'video', {}, [
    '\n    ',
    ext('video', 'thumbnail_loc', {}, [thumb]),
    '\n    ',
    ext('video', 'title', {}, [title]),
    '\n  ',
  ]);
}
function news(title: string): ExtElement {
  return ext('news', 'news', {}, [ext('news', 'title', {}, [title])]);
}
function alternate(lang: string, href: string): ExtElement {
  return ext('xhtml', 'link', { rel: 'alternate', hreflang: lang, href });
}
const custom = el('http://sorgs.de/sitemap.xsd', 'sgl', 'title', {}, ['Hi']);

function all(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

describe('planMergeDuplicates', () => {
  it("moves every copy's images, videos, news, alternates and unknown elements into the first row, in schema order", () => {
    const rows = rowsOf([
      { loc: A, ext: [video('one')] },
      { loc: B },
      { loc: A, ext: [custom, image('https://example.com/i.png'), video('two')] },
      { loc: A, ext: [alternate('de', 'https://example.com/de/a'), news('Story')] },
    ]);
    const ids = Array.from(rows.id.subarray(0, 4));
    const plan = planMergeDuplicates(mergeSourceOf(rows), all(4));
    expect(plan.removeRows).toEqual([ids[2], ids[3]]);
    expect(plan.extChanges).toEqual([
      {
        row: ids[0],
        before: [video('one')],
        after: [
          alternate('de', 'https://example.com/de/a'),
          image('https://example.com/i.png'),
          video('one'),
          video('two'),
          news('Story'),
          custom,
        ],
      },
    ]);
    expect(plan.changes).toEqual([]);
    expect(plan.report).toEqual({
      rule: 'first',
      urls: 1,
      removed: 2,
      moved: { image: 1, video: 1, news: 1, alternate: 1, other: 1 },
      identical: 0,
      conflicts: 0,
      conflictExamples: [],
      keptApartTotal: 0,
      keptApart: [],
    });
  });

  it('writes an element the copies share once, whatever its prefix, attribute order or indentation', () => {
    const same: ExtElement = {
      ...video('one'),
      prefix: 'v',
      children: [
        ext('video', 'thumbnail_loc', {}, [' https://example.com/one.jpg ']),
        ext('video', 'title', {}, ['one']),
      ],
    };
    const linkA = ext('xhtml', 'link', [
      { ns: '', prefix: '', name: 'href', value: 'https://example.com/fr/a' },
      { ns: '', prefix: '', name: 'hreflang', value: 'fr' },
      { ns: '', prefix: '', name: 'rel', value: 'alternate' },
    ]);
    const rows = rowsOf([
      { loc: A, ext: [video('one'), alternate('fr', 'https://example.com/fr/a')] },
      { loc: A, ext: [same, linkA, video('two')] },
    ]);
    expect(canonicalKey(same)).toBe(canonicalKey(video('one')));
    const plan = planMergeDuplicates(mergeSourceOf(rows), all(2));
    expect(plan.extChanges[0]?.after).toEqual([
      alternate('fr', 'https://example.com/fr/a'),
      video('one'),
      video('two'),
    ]);
    expect(plan.report.moved).toEqual({ image: 0, video: 1, news: 0, alternate: 0, other: 0 });
    expect(plan.report.identical).toBe(2);
  });

  it('removes a copy that only repeats the kept row without changing it', () => {
    const rows = rowsOf([
      { loc: A, lastmod: '2024-01-01', ext: [video('one')] },
      { loc: A, lastmod: '2024-01-01', ext: [video('one')] },
    ]);
    const plan = planMergeDuplicates(mergeSourceOf(rows), all(2));
    expect(plan.removeRows).toEqual([rows.id[1]]);
    expect(plan.extChanges).toEqual([]);
    expect(plan.changes).toEqual([]);
    expect(plan.report).toMatchObject({ urls: 1, removed: 1, identical: 1, conflicts: 0 });
  });

  const valueRows = () =>
    rowsOf([
      { loc: A, lastmod: '2024-01-01', priority: '0.3' },
      { loc: A, lastmod: '2024-03-01T10:00:00+02:00', changefreq: 'daily', priority: '0.9' },
      { loc: A, lastmod: '2023-12-31', changefreq: 'weekly', priority: '0.9' },
    ]);

  it("keeps the first copy's values by default, fills what it lacks and reports each field that disagreed", () => {
    const rows = valueRows();
    const plan = planMergeDuplicates(mergeSourceOf(rows), all(3));
    expect(plan.changes).toEqual([{ row: rows.id[0], field: 'changefreq', before: '', after: 'daily' }]);
    expect(plan.report.conflicts).toBe(3);
    expect(plan.report.conflictExamples).toEqual([
      { loc: A, field: 'lastmod', kept: '2024-01-01', dropped: ['2024-03-01T10:00:00+02:00', '2023-12-31'] },
      { loc: A, field: 'changefreq', kept: 'daily', dropped: ['weekly'] },
      { loc: A, field: 'priority', kept: '0.3', dropped: ['0.9'] },
    ]);
  });

  it('takes the values of the copy with the newest lastmod, or with the highest priority, when asked', () => {
    const rows = valueRows();
    const id = rows.id[0];
    const latest = planMergeDuplicates(mergeSourceOf(rows), all(3), { rule: 'latest' });
    expect(latest.changes).toEqual([
      { row: id, field: 'lastmod', before: '2024-01-01', after: '2024-03-01T10:00:00+02:00' },
      { row: id, field: 'changefreq', before: '', after: 'daily' },
      { row: id, field: 'priority', before: '0.3', after: '0.9' },
    ]);
    expect(latest.report.conflictExamples.map((c) => [c.field, c.kept, c.dropped])).toEqual([
      ['lastmod', '2024-03-01T10:00:00+02:00', ['2024-01-01', '2023-12-31']],
      ['changefreq', 'daily', ['weekly']],
      ['priority', '0.9', ['0.3']],
    ]);
    // Two copies have 0.9: the first of them wins, with its lastmod and changefreq.
    const priority = planMergeDuplicates(mergeSourceOf(rows), all(3), { rule: 'priority' });
    expect(priority.changes).toEqual(latest.changes);
    expect(priority.report.rule).toBe('priority');
  });

  it('keeps a copy with a different news entry as its own row (one <news:news> per URL) and lists it', () => {
    const rows = rowsOf([
      { loc: A, ext: [news('First')] },
      { loc: A, ext: [news('Second'), image('https://example.com/2.png')] },
      { loc: A, ext: [news('First'), image('https://example.com/3.png')] },
    ]);
    const ids = Array.from(rows.id.subarray(0, 3));
    const plan = planMergeDuplicates(mergeSourceOf(rows), all(3));
    expect(plan.removeRows).toEqual([ids[2]]);
    expect(plan.extChanges).toEqual([
      { row: ids[0], before: [news('First')], after: [image('https://example.com/3.png'), news('First')] },
    ]);
    expect(plan.report.keptApart).toEqual([
      {
        row: ids[1],
        loc: A,
        reason: 'news',
        message: `${A}: a duplicate kept as its own row: its <news:news> differs from the one of the row kept, and Google News reads one per URL`,
      },
    ]);
    expect(plan.report).toMatchObject({ urls: 1, removed: 1, identical: 1, moved: { image: 1, news: 0 } });
  });

  it('keeps a copy as its own row when the merged <url> would not fit in a file', () => {
    const rows = rowsOf([
      { loc: A, ext: [image('https://example.com/1.png')] },
      { loc: A, ext: [image('https://example.com/2.png')] },
    ]);
    const plan = planMergeDuplicates(mergeSourceOf(rows), all(2), { maxRowBytes: 150 });
    expect(plan.removeRows).toEqual([]);
    expect(plan.extChanges).toEqual([]);
    expect(plan.report.urls).toBe(0);
    expect(plan.report.keptApart.map((k) => [k.row, k.reason])).toEqual([[rows.id[1], 'bytes']]);
    expect(plan.report.keptApart[0]?.message).toBe(
      `${A}: a duplicate kept as its own row: with its extension elements the merged <url> would take over 150 bytes, more than a sitemap file may hold`,
    );
  });

  it('merges only among the positions given and never groups empty locs', () => {
    const rows = rowsOf([{ loc: A }, { loc: '' }, { loc: A }, { loc: '' }, { loc: A }]);
    const plan = planMergeDuplicates(mergeSourceOf(rows), [0, 1, 3, 4]);
    expect(plan.removeRows).toEqual([rows.id[4]]);
  });

  it('sees the values planned fixes leave, not those held', () => {
    const rows = rowsOf([
      { loc: A, lastmod: '2024/01/05' },
      { loc: `${A}#x`, lastmod: '2024-02-01', ext: [video('one')] },
    ]);
    const ids = Array.from(rows.id.subarray(0, 2));
    const src = mergeSourceOf(rows, {
      cells: [{ row: ids[0] as number, field: 'lastmod', before: '2024/01/05', after: '2024-01-05' }],
      exts: [{ row: ids[1] as number, before: [video('one')], after: [video('fixed')] }],
      loc: new Map([[1, A]]),
    });
    const plan = planMergeDuplicates(src, all(2), { rule: 'latest' });
    expect(plan.removeRows).toEqual([ids[1]]);
    expect(plan.changes).toEqual([{ row: ids[0], field: 'lastmod', before: '2024-01-05', after: '2024-02-01' }]);
    expect(plan.extChanges).toEqual([{ row: ids[0], before: undefined, after: [video('fixed')] }]);
  });
});

describe('inSchemaOrder', () => {
  it('puts alternates, images, videos, news, then the rest, each kind in its order', () => {
    const list = [custom, video('b'), image('x'), alternate('en', A), video('a'), news('n'), image('y')];
    expect(inSchemaOrder(list)).toEqual([
      alternate('en', A),
      image('x'),
      image('y'),
      video('b'),
      video('a'),
      news('n'),
      custom,
    ]);
  });
});

describe('planMergeDuplicates fills an empty field', () => {
  it('only with a value its check accepts, never bringing an error into the kept row', () => {
    const rows = rowsOf([
      { loc: A },
      { loc: A, lastmod: '2024/13/01', changefreq: 'often', priority: '1.5' },
      { loc: A, lastmod: '2024-02-01', priority: '0.7' },
    ]);
    const plan = planMergeDuplicates(mergeSourceOf(rows), all(3));
    expect(plan.changes).toEqual([
      { row: rows.id[0], field: 'lastmod', before: '', after: '2024-02-01' },
      { row: rows.id[0], field: 'priority', before: '', after: '0.7' },
    ]);
    expect(plan.report.conflictExamples.map((c) => [c.field, c.kept, c.dropped])).toEqual([
      ['lastmod', '2024-02-01', ['2024/13/01']],
      ['changefreq', '', ['often']],
      ['priority', '0.7', ['1.5']],
    ]);
  });
});

describe('planMergeDuplicates reports', () => {
  it('counts every copy kept apart and lists the first 20', () => {
    const rows = rowsOf(Array.from({ length: 26 }, (_, i) => ({ loc: A, ext: [news(`Story ${i}`)] })));
    const plan = planMergeDuplicates(mergeSourceOf(rows), all(26));
    expect(plan.removeRows).toEqual([]);
    expect(plan.report.keptApartTotal).toBe(25);
    expect(plan.report.keptApart.map((k) => k.row)).toEqual(Array.from(rows.id.subarray(1, 21)));
  });
});

import { describe, expect, it } from 'vitest';
import { checkSet, recheckRows } from '../check/check-set';
import { setOf } from '../check/test-helpers';
import { READ_FLAG } from '../rows/rows';
import { planFixes } from './plan-fixes';
import { applyChanges, applyFlagChanges, positionsOfIds } from '../rows/changes';
import { listOf } from '../../../fixtures/helpers';

const now = new Date('2024-06-15T12:00:00Z');
const SITE = 'https://example.com/';

function messySet() {
  return setOf([
    { loc: ' https://example.com/a b ', lastmod: '2023/01/05', changefreq: 'Daily', priority: '0,8' },
    { loc: 'post-sitemap.xml', lastmod: '2024-05-08 08:53:11 PM', changefreq: 'her ay' },
    { loc: 'https://example.com/café#x', lastmod: '2024-01-05T10:00:00', changefreq: 'bi-weekly', priority: 'high' },
    { loc: 'https://example.com/b', lastmod: '05-01-2023', flags: READ_FLAG.duplicateLastmod | READ_FLAG.unknownTag },
    { loc: 'https://example.com/b' },
    { loc: 'https://example.com/post-sitemap.xml#top' },
  ]);
}

describe('planFixes', () => {
  it('maps Serbian changefreq words, Latin and Cyrillic, as it maps her ay', () => {
    const words = ['mesečno', 'недељно', 'svakog sata', 'годишње', 'nikad', 'uvek', 'dnevno'];
    const set = setOf(words.map((changefreq, i) => ({ loc: `https://example.com/${i}`, changefreq })));
    const plan = planFixes(set, checkSet(set, { now }), 'all', { siteUrl: SITE });
    expect(plan.changes.map((c) => [c.before, c.after])).toEqual([
      ['mesečno', 'monthly'],
      ['недељно', 'weekly'],
      ['svakog sata', 'hourly'],
      ['годишње', 'yearly'],
      ['nikad', 'never'],
      ['uvek', 'always'],
      ['dnevno', 'daily'],
    ]);
    expect(plan.applied).toEqual({ 'changefreq-value': 7 });
  });
  it('plans every fix, chains them per field and leaves the rows alone', () => {
    const set = messySet();
    const before = listOf(set.rows);
    const r = checkSet(set, { now });
    const ids = Array.from(set.rows.id.subarray(0, 6));
    const plan = planFixes(set, r, 'all', { siteUrl: SITE, zone: '+02:00' });
    expect(listOf(set.rows)).toEqual(before);
    expect(plan.changes).toEqual([
      { row: ids[0], field: 'loc', before: ' https://example.com/a b ', after: 'https://example.com/a%20b' },
      { row: ids[0], field: 'lastmod', before: '2023/01/05', after: '2023-01-05' },
      { row: ids[0], field: 'changefreq', before: 'Daily', after: 'daily' },
      { row: ids[0], field: 'priority', before: '0,8', after: '0.8' },
      { row: ids[1], field: 'loc', before: 'post-sitemap.xml', after: 'https://example.com/post-sitemap.xml' },
      { row: ids[1], field: 'lastmod', before: '2024-05-08 08:53:11 PM', after: '2024-05-08T20:53:11+02:00' },
      { row: ids[1], field: 'changefreq', before: 'her ay', after: 'monthly' },
      { row: ids[2], field: 'loc', before: 'https://example.com/café#x', after: 'https://example.com/caf%C3%A9' },
      { row: ids[2], field: 'lastmod', before: '2024-01-05T10:00:00', after: '2024-01-05T10:00:00+02:00' },
    ]);
    // Row 5 becomes row 1's URL once its fragment is dropped: a duplicate, removed with row 4.
    expect(plan.removeRows).toEqual([ids[4], ids[5]]);
    expect(plan.clearReadFlags).toEqual([ids[3]]);
    expect(plan.flagChanges).toEqual([
      { row: ids[3], before: READ_FLAG.duplicateLastmod | READ_FLAG.unknownTag, after: READ_FLAG.unknownTag },
    ]);
    // bi-weekly, high, 05-01-2023: no safe fix.
    expect(plan.skipped).toBe(3);
    expect(plan.applied).toEqual({
      'loc-whitespace': 1,
      'loc-not-absolute': 1,
      'loc-unescaped': 1,
      'loc-fragment': 2,
      'lastmod-format': 2,
      'lastmod-timezone': 2,
      'changefreq-value': 2,
      'priority-format': 1,
      'duplicate-tag': 1,
      'loc-duplicate': 2,
    });
  });

  it('applies only the codes asked for', () => {
    const set = messySet();
    const r = checkSet(set, { now });
    const plan = planFixes(set, r, ['lastmod-format'], {});
    expect(plan.changes.map((c) => c.after)).toEqual(['2023-01-05', '2024-05-08T20:53:11']);
    expect(plan.removeRows).toEqual([]);
    expect(plan.skipped).toBe(1);
  });

  it('without a Site URL, relative URLs are skipped', () => {
    const set = setOf(['/a', SITE + 'b']);
    const plan = planFixes(set, checkSet(set, { now }), ['loc-not-absolute'], {});
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toBe(1);
  });

  it('loc-duplicate keeps the first row', () => {
    const set = setOf([SITE + 'a', SITE + 'b', SITE + 'a', SITE + 'a']);
    const plan = planFixes(set, checkSet(set, { now }), ['loc-duplicate'], {});
    expect(plan.removeRows).toEqual([set.rows.id[2], set.rows.id[3]]);
  });
});

describe('applyChanges', () => {
  it('forward then backward restores the exact rows', () => {
    const set = messySet();
    const original = listOf(set.rows);
    const originalFlags = Array.from(set.rows.readFlags.subarray(0, 6));
    const r = checkSet(set, { now });
    const plan = planFixes(set, r, 'all', { siteUrl: SITE });
    applyChanges(set.rows, plan.changes, 'forward');
    applyFlagChanges(set.rows, plan.flagChanges, 'forward');
    expect(set.rows.get(0)).toMatchObject({
      loc: 'https://example.com/a%20b',
      lastmod: '2023-01-05',
      changefreq: 'daily',
      priority: '0.8',
    });
    expect(set.rows.readFlags[3]).toBe(READ_FLAG.unknownTag);
    applyFlagChanges(set.rows, plan.flagChanges, 'backward');
    applyChanges(set.rows, plan.changes, 'backward');
    expect(listOf(set.rows)).toEqual(original);
    expect(Array.from(set.rows.readFlags.subarray(0, 6))).toEqual(originalFlags);
  });

  it('undoes several changes of one cell in reverse order', () => {
    const set = setOf([SITE + 'a']);
    const id = set.rows.id[0] as number;
    const changes = [
      { row: id, field: 'loc' as const, before: SITE + 'a', after: SITE + 'b' },
      { row: id, field: 'loc' as const, before: SITE + 'b', after: SITE + 'c' },
    ];
    applyChanges(set.rows, changes, 'forward');
    expect(set.rows.loc.get(0)).toBe(SITE + 'c');
    applyChanges(set.rows, changes, 'backward');
    expect(set.rows.loc.get(0)).toBe(SITE + 'a');
  });

  it('throws for a row that is not there', () => {
    const set = setOf([SITE + 'a']);
    expect(() => applyChanges(set.rows, [{ row: 999, field: 'loc', before: '', after: 'x' }], 'forward')).toThrow(
      /no row with id 999/,
    );
  });

  it('after fixing, a re-check of the changed rows finds only what has no fix', () => {
    const set = messySet();
    const r = checkSet(set, { now, siteUrl: SITE });
    const plan = planFixes(set, r, 'all', { siteUrl: SITE });
    applyChanges(set.rows, plan.changes, 'forward');
    applyFlagChanges(set.rows, plan.flagChanges, 'forward');
    const touched = positionsOfIds(set.rows, [...plan.changes.map((c) => c.row), ...plan.clearReadFlags]);
    recheckRows(set, r, [...touched.values()], { now, siteUrl: SITE });
    const full = checkSet(set, { now, siteUrl: SITE });
    expect(r.byCode).toEqual(full.byCode);
    // Rows 4 and 5 are still there (removal is the caller's job, and a removed row's cells are not
    // changed): rows 3 and 4 stay duplicates, row 5 keeps its fragment until they are removed.
    expect(r.byCode).toEqual({
      'changefreq-value': 1,
      'priority-format': 1,
      'lastmod-format': 1,
      'unknown-tag': 1,
      'loc-duplicate': 2,
      'loc-fragment': 1,
    });
  });
});

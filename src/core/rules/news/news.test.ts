import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../../fixtures/helpers';
import { checkSet } from '../../check/check-set';
import { rowProblems } from '../../check/row-problems';
import { planFixes } from '../../fix/plan-fixes';
import { applyExtChanges } from '../../rows/changes';

const NEWS = ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';
const IMAGE = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
const NOW = new Date('2026-12-03T12:00:00Z');
const news = (date: string, title = 'Headline'): string =>
  `<news:news><news:publication><news:name>Daily</news:name><news:language>en</news:language></news:publication><news:publication_date>${date}</news:publication_date><news:title>${title}</news:title></news:news>`;
const page = (loc: string, more: string): string => `<url><loc>${loc}</loc>${more}</url>`;
const codes = (xml: string, now = NOW): Record<string, number> =>
  checkSet(importText(urlset(xml, NEWS + IMAGE)), { now }).byCode;

describe('news-too-old', () => {
  it('fires on a date more than two days before the check’s date, and not within two days', () => {
    // A date alone names a day somewhere on Earth: old from the third day before the check's day.
    expect(codes(page('https://e.com/a', news('2026-11-30')))).toEqual({ 'news-too-old': 1 });
    expect(codes(page('https://e.com/a', news('2026-12-01')))).toEqual({});
    // A time with its zone is an instant: old more than 48 hours before the check's.
    expect(codes(page('https://e.com/a', news('2026-12-01T11:59:59Z')))).toEqual({ 'news-too-old': 1 });
    expect(codes(page('https://e.com/a', news('2026-12-01T12:00:00Z')))).toEqual({});
    expect(codes(page('https://e.com/a', news('2026-12-01T13:30:00+01:00')))).toEqual({});
    expect(codes(page('https://e.com/a', news('2026-12-03T09:00:00+03:00')))).toEqual({});
    // The same entry is recent at a check's date near it: the date decides, not the day the test runs.
    expect(codes(page('https://e.com/a', news('2026-11-30')), new Date('2026-12-01T00:00:00Z'))).toEqual({});
  });

  it('leaves a missing or unreadable date to news-date-*', () => {
    expect(codes(page('https://e.com/a', news('2020')))).toEqual({ 'news-date-invalid': 1 });
    expect(codes(page('https://e.com/a', news('2020-01-05T10:00:00')))).toEqual({ 'news-date-invalid': 1 });
  });

  it('says when the article was published', () => {
    const set = importText(urlset(page('https://e.com/a', news('2024-01-05', 'Old story')), NEWS));
    const r = checkSet(set, { now: NOW });
    expect(rowProblems(set, r, 0)).toEqual([
      expect.objectContaining({
        code: 'news-too-old',
        severity: 'warning',
        message:
          'The news entry was published "2024-01-05", more than 2 days before the check\'s date; Google News takes articles of the last 2 days only, so its <news:news> can go (the URL stays)',
      }),
    ]);
  });

  it('Fix drops the old <news:news>, keeps the URL and its other extensions, lists what it dropped; undo brings it back', () => {
    const set = importText(
      urlset(
        page(
          'https://e.com/old',
          news('2024-01-05', 'Old story') + '<image:image><image:loc>https://e.com/i.jpg</image:loc></image:image>',
        ) +
          page('https://e.com/only', news('2026-11-01T08:00:00Z', 'Also old')) +
          page('https://e.com/new', news('2026-12-02', 'Fresh')),
        NEWS + IMAGE,
      ),
    );
    const r = checkSet(set, { now: NOW });
    expect(r.byCode).toEqual({ 'news-too-old': 2 });
    const before = set.rows.ext.map((e) => structuredClone(e));
    const plan = planFixes(set, r, ['news-too-old'], { now: NOW });
    expect(plan.applied).toEqual({ 'news-too-old': 2 });
    expect(plan.dropped).toEqual([
      'https://e.com/old: dropped <news:news> "Old story" (Daily, en; published 2024-01-05)',
      'https://e.com/only: dropped <news:news> "Also old" (Daily, en; published 2026-11-01T08:00:00Z)',
    ]);
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    expect(set.rows.length).toBe(3);
    expect(set.rows.ext[0]?.map((el) => el.name)).toEqual(['image']);
    // Its only extension gone: a URL without extensions.
    expect(set.rows.ext[1]).toBeUndefined();
    expect(set.rows.ext[2]).toEqual(before[2]);
    expect(checkSet(set, { now: NOW }).byCode).toEqual({});
    applyExtChanges(set.rows, plan.extChanges, 'backward');
    expect(set.rows.ext).toEqual(before);
  });

  it('is in Fix all, at the check’s date', () => {
    const set = importText(urlset(page('https://e.com/a', news('2026-11-30')), NEWS));
    expect(planFixes(set, checkSet(set, { now: NOW }), 'all', { now: NOW }).applied).toEqual({ 'news-too-old': 1 });
    // Checked and fixed at a date where the entry is recent, nothing is dropped.
    const then = new Date('2026-12-01T00:00:00Z');
    const recent = planFixes(set, checkSet(set, { now: then }), 'all', { now: then });
    expect(recent.extChanges).toEqual([]);
    expect(recent.dropped).toEqual([]);
  });
});

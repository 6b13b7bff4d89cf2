import { describe, expect, it } from 'vitest';
import { ALL_ROWS } from '../core/view/query';
import type { ReplaceOptions } from '../core/edit/bulk';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const enc = new TextEncoder();

function sessionOf(lines: string[]): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'urls.txt', bytes: enc.encode(lines.join('\n') + '\n') }]), false);
  return s;
}

const REPLACE: ReplaceOptions = { find: '', replace: '', regex: false, caseSensitive: true };

describe('Session: bulk edits', () => {
  it('replaces over 100,000 rows in one step, and undo returns the exact previous rows', () => {
    const lines = Array.from(
      { length: 100_000 },
      (_, i) => `https://old.example.com/p/${i}${i % 7 === 0 ? '?a=1' : ''}`,
    );
    const s = sessionOf(lines);
    const before = s.rows(0, 100_000);
    const out = s.bulk.replace(
      { kind: 'view' },
      { ...REPLACE, find: '^https://old\\.(example\\.com)/p/(\\d+)', replace: 'https://www.$1/page-$2', regex: true },
      false,
    );
    expect(out).toMatchObject({ changed: 100_000, removed: 0, refused: null, viewCount: 100_000 });
    expect(out.history.undoLabel).toMatch(/\(100,000 cells\)$/);
    expect(s.rows(7, 8)[0]?.loc).toBe('https://www.example.com/page-7?a=1');
    // The history holds the changes, one entry.
    expect(s.history.size).toMatchObject({ undo: 1, weight: 100_000 });

    const undone = s.undo();
    expect(undone.label).toMatch(/^Replace/);
    expect(s.rows(0, 100_000)).toEqual(before);
    s.redo();
    expect(s.rows(99_999, 100_000)[0]?.loc).toBe('https://www.example.com/page-99999');
  });

  it('refuses a replace that breaks URLs unless forced, and re-checks the rows changed', () => {
    const s = sessionOf(['https://a.com/1', 'https://a.com/2', 'https://b.com/3']);
    const opts = { ...REPLACE, find: 'https://a.com/' };
    const preview = s.bulk.replacePreview({ kind: 'view' }, opts, 10);
    expect(preview).toMatchObject({ error: null, affected: 2, breaking: 2 });
    expect(preview.samples[0]).toMatchObject({ before: 'https://a.com/1', after: '1', breaking: true });
    const refused = s.bulk.replace({ kind: 'view' }, opts, false);
    expect(refused.changed).toBe(0);
    expect(refused.refused?.breaking).toBe(2);
    expect(s.rows(0, 1)[0]?.loc).toBe('https://a.com/1');
    const forced = s.bulk.replace({ kind: 'view' }, opts, true);
    expect(forced.changed).toBe(2);
    expect(forced.summary.byCode['loc-not-absolute']).toBe(2);
    expect(s.bulk.replacePreview({ kind: 'view' }, { ...REPLACE, find: '(', regex: true }, 10).error).toMatch(
      /not a valid regular expression/,
    );
  });

  it('sets a field on the selection or the filtered view, validated, one undo step', () => {
    const s = sessionOf(['https://a.com/1', 'https://a.com/2', 'https://b.com/3']);
    expect(s.setView({ ...ALL_ROWS, text: 'a.com' })).toBe(2);
    const out = s.bulk.set({ kind: 'view' }, 'changefreq', 'weekly', undefined);
    expect(out.changed).toBe(2);
    s.setView(ALL_ROWS);
    expect(s.rows(0, 3).map((r) => r.changefreq)).toEqual(['weekly', 'weekly', '']);
    const ids = s.viewIds();
    expect(ids).toHaveLength(3);
    s.bulk.set({ kind: 'ids', ids: [ids[2] as number] }, 'priority', '0.3', undefined);
    expect(s.rows(2, 3)[0]?.priority).toBe('0.3');
    expect(() => s.bulk.set({ kind: 'view' }, 'priority', '3', undefined)).toThrow(/not a priority/);
    s.undo();
    s.undo();
    expect(s.rows(0, 3).map((r) => [r.changefreq, r.priority])).toEqual([
      ['', ''],
      ['', ''],
      ['', ''],
    ]);
  });

  it('removes duplicates with undo, and pastes a column into the rows of the view', () => {
    const s = sessionOf(['https://a.com/1', 'https://a.com/2', 'https://a.com/1', 'https://a.com/1']);
    const out = s.bulk.dedupe({ kind: 'view' }, 'first');
    expect(out).toMatchObject({ removed: 2, viewCount: 2 });
    expect(out.summary.byCode['loc-duplicate']).toBeUndefined();
    s.undo();
    expect(s.rows(0, 4).map((r) => r.loc)).toEqual([
      'https://a.com/1',
      'https://a.com/2',
      'https://a.com/1',
      'https://a.com/1',
    ]);

    const pasted = s.bulk.pasteColumn(1, 'priority', ['0.1', '0.2', '0.3', '0.4']);
    expect(pasted.changed).toBe(3);
    expect(s.rows(0, 4).map((r) => r.priority)).toEqual(['', '0.1', '0.2', '0.3']);
    s.undo();
    expect(s.rows(0, 4).map((r) => r.priority)).toEqual(['', '', '', '']);
  });
});

describe('bulk lastmod from the publication date', () => {
  it('copies each row’s news date into lastmod, as one undo step', () => {
    const s = new Session();
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>https://e.com/a</loc><news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-05-08</news:publication_date><news:title>T</news:title></news:news></url>
<url><loc>https://e.com/b</loc><lastmod>2021-01-01</lastmod></url></urlset>`;
    s.importSet(importFiles([{ name: 'news.xml', bytes: new TextEncoder().encode(xml) }]), false);
    const out = s.bulk.set({ kind: 'view' }, 'lastmod', '', 'publication-date');
    expect(out.changed).toBe(1);
    expect(s.rows(0, 2).map((r) => r.lastmod)).toEqual(['2024-05-08', '2021-01-01']);
    s.undo();
    expect(s.rows(0, 2).map((r) => r.lastmod)).toEqual(['', '2021-01-01']);
  });
});

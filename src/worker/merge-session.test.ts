import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixture, listOf, NEWS_FIXTURES_DATE } from '../../fixtures/helpers';
import { restoreSet } from '../core/persist/document-snapshot';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

/** The rows as data: ids, values, extension trees and origins, in order (not the columns' storage). */
function rowsOf(s: Session) {
  const snapshot = s.snapshot(0);
  if (!snapshot) throw new Error('no document');
  const rows = restoreSet(snapshot).rows;
  return listOf(rows).map((entry, i) => ({
    id: rows.id[i],
    ...entry,
    file: rows.file[i],
    line: rows.line[i],
    readFlags: rows.readFlags[i],
  }));
}

function sessionOfFixture(): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'duplicates-ext.xml', bytes: fixture('duplicates-ext.xml') }]), false);
  return s;
}

describe('Session: duplicates merged, one undo step', () => {
  // The page checks at the present: set near the fixture's news entries, they are recent (news-too-old would
  // drop both /news copies' entries in Fix all, and they would merge).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NEWS_FIXTURES_DATE);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('Remove duplicates by the newest lastmod merges the copies, reports them, and undo puts every row back exactly', () => {
    const s = sessionOfFixture();
    const before = rowsOf(s);
    expect(before.map((r) => [r.id, r.ext.length])).toEqual([
      [1, 1],
      [2, 0],
      [3, 2],
      [4, 2],
      [5, 1],
      [6, 1],
    ]);
    const out = s.bulk.dedupe({ kind: 'view' }, 'latest');
    expect(out).toMatchObject({ removed: 2, changed: 4, viewCount: 4, refused: null });
    expect(out.merge).toEqual({
      rule: 'latest',
      urls: 1,
      removed: 2,
      moved: { image: 1, video: 1, news: 0, alternate: 1, other: 0 },
      identical: 1,
      conflicts: 2,
      conflictExamples: [
        { loc: 'https://example.com/videos', field: 'lastmod', kept: '2024-03-01', dropped: ['2024-01-01'] },
        { loc: 'https://example.com/videos', field: 'priority', kept: '0.8', dropped: ['0.4'] },
      ],
      keptApartTotal: 1,
      keptApart: [
        {
          row: 6,
          loc: 'https://example.com/news',
          reason: 'news',
          message:
            'https://example.com/news: a duplicate kept as its own row: its <news:news> differs from the one of the row kept, and Google News reads one per URL',
        },
      ],
    });
    expect(out.history.undoLabel).toBe(
      'Remove duplicates, keeping the values of the copy with the newest lastmod (4 cells, 2 rows removed)',
    );
    expect(s.rows(0, 4).map((r) => [r.id, r.loc, r.lastmod, r.changefreq, r.priority, r.extSummary])).toEqual([
      [1, 'https://example.com/videos', '2024-03-01', 'weekly', '0.8', 'xhtml:link, image:image, video:video ×2'],
      [2, 'https://example.com/about', '', '', '', ''],
      [5, 'https://example.com/news', '', '', '', 'news:news'],
      [6, 'https://example.com/news', '', '', '', 'news:news'],
    ]);
    expect(out.summary.byCode['loc-duplicate']).toBe(2);

    s.undo();
    expect(rowsOf(s)).toEqual(before);
    s.redo();
    expect(s.rows(0, 4).map((r) => r.id)).toEqual([1, 2, 5, 6]);
    s.undo();
    expect(rowsOf(s)).toEqual(before);
  });

  it('Fix all merges by the first copy and says so in its outcome', () => {
    const s = sessionOfFixture();
    const before = rowsOf(s);
    const out = s.edits.fix('all', undefined);
    expect(out).toMatchObject({ removedRows: 2, applied: { 'loc-duplicate': 2 } });
    expect(out.merge).toMatchObject({
      rule: 'first',
      urls: 1,
      removed: 2,
      conflicts: 2,
      keptApart: [{ row: 6, reason: 'news' }],
    });
    expect(s.rows(0, 1)[0]).toMatchObject({
      lastmod: '2024-01-01',
      changefreq: 'weekly',
      priority: '0.4',
      extSummary: 'xhtml:link, image:image, video:video ×2',
    });
    s.undo();
    expect(rowsOf(s)).toEqual(before);
  });

  it('Fix all on a kept row that has fixes of its own stacks them with the merge, and undo unwinds both', () => {
    const video = (title: string) =>
      `<video:video><video:title>${title}</video:title><video:thumbnail_loc>https://e.com/${title}.jpg</video:thumbnail_loc><video:description>D</video:description><video:content_loc>https://e.com/${title}.mp4</video:content_loc></video:video>`;
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
<url><loc>https://e.com/v</loc><lastmod>2024/01/05</lastmod>${video('one')}</url>
<url><loc>https://e.com/v#top</loc><lastmod>2024-02-01</lastmod><changefreq>Daily</changefreq>${video('two')}</url></urlset>`;
    const s = new Session();
    s.importSet(importFiles([{ name: 'v.xml', bytes: new TextEncoder().encode(xml) }]), false);
    const before = rowsOf(s);
    const out = s.edits.fix('all', undefined);
    expect(out).toMatchObject({
      removedRows: 1,
      applied: { 'lastmod-format': 1, 'loc-fragment': 1, 'changefreq-value': 1, 'ext-invalid': 2, 'loc-duplicate': 1 },
    });
    expect(out.merge).toMatchObject({
      urls: 1,
      removed: 1,
      moved: { video: 1 },
      conflicts: 1,
      conflictExamples: [{ field: 'lastmod', kept: '2024-01-05', dropped: ['2024-02-01'] }],
    });
    const after = rowsOf(s);
    expect(after.map((r) => [r.id, r.loc, r.lastmod, r.changefreq])).toEqual([
      [1, 'https://e.com/v', '2024-01-05', 'daily'],
    ]);
    // Both videos, each repaired into schema order (thumbnail_loc before title).
    expect(after[0]?.ext.map((v) => v.children.map((c) => (typeof c === 'string' ? c : c.name)))).toEqual([
      ['thumbnail_loc', 'title', 'description', 'content_loc'],
      ['thumbnail_loc', 'title', 'description', 'content_loc'],
    ]);
    s.undo();
    expect(rowsOf(s)).toEqual(before);
  });
});

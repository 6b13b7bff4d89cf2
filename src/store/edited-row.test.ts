import { describe, expect, it } from 'vitest';
import { importFiles } from '../core/read/import-files';
import type { UrlField } from '../core/rows/types';
import type { RowView } from '../worker/protocol';
import { Session } from '../worker/session';
import { editedRow, sameRow } from './edited-row';

const LONG = `https://example.com/${'a'.repeat(2100)}`;
/** Rows with problems of every kind besides the edited field's: loc, read flags, unknown elements, extensions. */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>https://example.com/a b</loc><lastmod>2020-01-01</lastmod><lastmod>2021-01-01</lastmod><changefreq>Daily</changefreq><priority>2</priority></url>
<url><loc>https://example.com/alt</loc><lastmod>2020-01-01T10:00:00</lastmod><xhtml:link rel="alternate" hreflang="xx-notalang" href="/relative"/></url>
<url><loc>https://example.com/odd</loc><priority>high</priority><foo>bar</foo></url>
<url><loc>${LONG}</loc><lastmod>2099-05-05</lastmod></url>
<url><loc>https://other.example.org/x#frag</loc><changefreq>weekly</changefreq><priority>0.5</priority></url>
</urlset>`;

const VALUES: Record<Exclude<UrlField, 'loc'>, string[]> = {
  lastmod: [
    '',
    '2099-01-01',
    '2020-01-01',
    '2020-01-01T10:00:00',
    '2099-01-01T10:00:00',
    '2020-13-01',
    '2020-02-30',
    '2020-01-01T25:00:00Z',
    '01/02/2020',
    ' 2020-01-01 ',
    '2020-01-01T10:00:00+15:00',
    '2021-06-01T08:30:00Z',
  ],
  changefreq: ['', 'daily', 'Daily', 'sometimes', ' weekly '],
  priority: ['', '0.5', '1.5', '-0.1', 'high', '0,5', ' 0.5 ', '1.0', '.3'],
};

function loaded(): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'kinds.xml', bytes: new TextEncoder().encode(XML) }]), false);
  return s;
}

describe('editedRow: the row the page draws before the worker answers an edit', () => {
  it('gives exactly the worker re-checked row for every lastmod, changefreq and priority value, whatever else the row holds', () => {
    const s = loaded();
    const count = s.summary().viewCount;
    expect(count).toBe(5);
    // The rows carry problems of every kind besides the edited field's, so the merge's order is tested too.
    expect(s.rows(0, count).map((r) => r.problems.map((p) => p.code))).toEqual([
      ['loc-whitespace', 'changefreq-value', 'priority-range', 'duplicate-tag'],
      ['lastmod-timezone', 'hreflang-value', 'hreflang-href', 'hreflang-self-missing'],
      ['priority-format', 'unknown-tag'],
      ['loc-too-long', 'lastmod-future'],
      ['loc-fragment', 'loc-not-allowed'],
    ]);
    let compared = 0;
    for (let pos = 0; pos < count; pos++) {
      for (const [field, values] of Object.entries(VALUES) as [Exclude<UrlField, 'loc'>, string[]][]) {
        for (const value of values) {
          const before = s.rows(pos, pos + 1)[0] as RowView;
          const drawn = editedRow(before, field, value);
          const answer = s.edits.edit(before.id, field, value).row;
          expect(drawn).toEqual(answer);
          expect(sameRow(drawn, answer as RowView)).toBe(true);
          compared++;
        }
      }
    }
    expect(compared).toBe(5 * 26);
  });

  it("keeps a loc edit's problems for the worker to tell (duplicates and the majority origin reach other rows)", () => {
    const s = loaded();
    const before = s.rows(4, 5)[0] as RowView;
    const drawn = editedRow(before, 'loc', 'https://example.com/a b');
    expect(drawn).toEqual({ ...before, loc: 'https://example.com/a b' });
    const answer = s.edits.edit(before.id, 'loc', 'https://example.com/a b').row as RowView;
    expect(answer.problems.map((p) => p.code)).toEqual(['loc-whitespace', 'loc-duplicate']);
    expect(sameRow(drawn, answer)).toBe(false);
  });
});

describe('sameRow', () => {
  const row: RowView = {
    id: 7,
    loc: 'https://example.com/',
    lastmod: '2020-01-01',
    changefreq: '',
    priority: '',
    ext: 0,
    extSummary: '',
    depth: null,
    inlinks: null,
    file: 'a.xml',
    problems: [{ code: 'lastmod-future', severity: 'warning', message: 'm' }],
  };
  it('compares values and problems, not object identity', () => {
    expect(sameRow({ ...row, problems: [{ ...row.problems[0]! }] }, row)).toBe(true);
    expect(sameRow(undefined, row)).toBe(false);
    expect(sameRow({ ...row, id: 8 }, row)).toBe(false);
    expect(sameRow({ ...row, priority: '0.5' }, row)).toBe(false);
    expect(sameRow({ ...row, problems: [] }, row)).toBe(false);
    expect(sameRow({ ...row, problems: [{ code: 'lastmod-future', severity: 'warning', message: 'n' }] }, row)).toBe(
      false,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { bytesOf, fixture } from '../../fixtures/helpers';
import { ALL_ROWS } from '../core/view/query';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

/** The current document: basic-urlset.xml (3 URLs). */
function session(): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
  return s;
}

/** The before set: urls.csv (https://example.com/ with another lastmod, and /a). */
const BEFORE = [{ name: 'urls.csv', bytes: fixture('urls.csv') }];

describe('CompareSession in the worker', () => {
  it('loads a before set and counts the differences with the current rows', () => {
    const s = session();
    expect(s.compare.summary()).toBeNull();
    expect(s.compare.load(BEFORE)).toEqual({
      files: [expect.objectContaining({ name: 'urls.csv', kind: 'csv', count: 2 })],
      beforeUrls: 2,
      beforeProblems: 0,
      added: 2,
      removed: 1,
      changed: 1,
      unchanged: 0,
      fields: { lastmod: 1, changefreq: 0, priority: 0, ext: 0 },
      beforeRepeats: 0,
      afterRepeats: 0,
    });
    expect(s.compare.items('removed', 0, 10)).toEqual({
      total: 1,
      items: [
        {
          kind: 'removed',
          loc: 'https://example.com/a',
          fields: [],
          rowId: null,
          after: null,
          before: { lastmod: '2024/01/05', changefreq: 'Daily', priority: '0,8', ext: '' },
        },
      ],
    });
    expect(s.compare.items('added', 1, 2).items.map((i) => [i.loc, i.rowId])).toEqual([
      ['https://example.com/about', 3],
    ]);
  });

  it('filters the table by kind, and the filter follows edits', () => {
    const s = session();
    s.compare.load(BEFORE);
    expect(s.setView({ ...ALL_ROWS, diffKind: 'added' })).toBe(2);
    expect(s.rows(0, 5).map((r) => r.loc)).toEqual([
      'https://example.com/shop?item=1&color=red',
      'https://example.com/about',
    ]);
    expect(s.setView({ ...ALL_ROWS, diffKind: 'changed' })).toBe(1);

    // The changed row's lastmod set back to the before value: the URL is unchanged.
    const [row] = s.rows(0, 1);
    expect(row?.loc).toBe('https://example.com/');
    s.edits.edit(row!.id, 'lastmod', '2024-01-01');
    expect(s.compare.summary()).toMatchObject({ changed: 0, unchanged: 1, fields: { lastmod: 0 } });

    // Deleting an added row re-filters the view at once, against the new rows.
    s.setView({ ...ALL_ROWS, diffKind: 'added' });
    const outcome = s.edits.deleteRows([s.rows(0, 1)[0]!.id]);
    expect(outcome.viewCount).toBe(1);
    expect(s.rows(0, 5).map((r) => r.loc)).toEqual(['https://example.com/about']);
    expect(s.compare.summary()).toMatchObject({ added: 1, removed: 1 });

    // Undo brings it back as an added URL.
    s.undo();
    expect(s.compare.summary()).toMatchObject({ added: 2 });
  });

  it('counts the same a row at a time, and moves the revision when the before set changes', () => {
    const s = session();
    expect(s.compare.summaryPass().finish()).toBeNull();
    const before = s.revision;
    const expected = s.compare.load(BEFORE);
    expect(s.revision).not.toBe(before);
    s.edits.edit(s.rows(0, 1)[0]!.id, 'priority', '0.1');
    const pass = s.compare.summaryPass();
    let steps = 1;
    while (!pass.step(1)) steps++;
    expect(steps).toBe(3);
    const counted = pass.finish();
    expect(counted).toEqual(s.compare.summary());
    expect(counted).toMatchObject({
      added: expected.added,
      removed: expected.removed,
      changed: 1,
      fields: { priority: 1 },
    });
    // Computed once: the next pass has nothing to do.
    expect(s.compare.summaryPass().step(1)).toBe(true);
    const cleared = s.revision;
    s.compare.clear();
    expect(s.revision).not.toBe(cleared);
  });

  it('writes the differences as CSV', () => {
    const s = session();
    s.compare.load(BEFORE);
    const csv = s.compare.csv();
    expect(csv.fileName).toBe('sitemap-differences.csv');
    expect(csv.mimeType).toBe('text/csv');
    const lines = new TextDecoder().decode(csv.bytes).split('\r\n');
    expect(lines.slice(1)).toEqual([
      'added,https://example.com/shop?item=1&color=red,,,2024-05-02T10:30:00+02:00,,,,,,<image:image><image:loc>https://example.com/img/1.jpg</image:loc><image:caption>A &lt;red&gt; shirt &amp; tie</image:caption></image:image>',
      'added,https://example.com/about,,,,,,,,,',
      'removed,https://example.com/a,,2024/01/05,,Daily,,"0,8",,,',
      'changed,https://example.com/,lastmod,2024-01-01,2024-05-01,daily,daily,1.0,1.0,,',
      '',
    ]);
  });

  it('matches no row by kind without a comparison, and is forgotten with the document', () => {
    const s = session();
    expect(s.setView({ ...ALL_ROWS, diffKind: 'added' })).toBe(0);
    s.compare.load(BEFORE);
    expect(s.compare.active).toBe(true);
    s.clear();
    expect(s.compare.active).toBe(false);
    expect(() => s.compare.csv()).toThrow('There is no comparison: load the before sitemaps first.');
  });

  it('compares against a new import that replaced the rows', () => {
    const s = session();
    s.compare.load(BEFORE);
    s.importSet(importFiles([{ name: 'same.csv', bytes: fixture('urls.csv') }]), false);
    expect(s.compare.summary()).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 2 });
    s.importSet(importFiles([{ name: 'more.txt', bytes: bytesOf('https://example.com/new\n') }]), true);
    expect(s.compare.summary()).toMatchObject({ added: 1, unchanged: 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { ALL_ROWS } from '../core/view/query';
import type { SlicedPass } from './api';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const enc = new TextEncoder();

/** A pass run to its end a few rows at a time, as the router runs it between other requests. */
function finished<T>(pass: SlicedPass<T>): T {
  while (!pass.step(2));
  return pass.finish();
}

/** One branch's children, as the treeLevels request answers them. */
const childrenOf = (s: Session, path: string) => finished(s.treeLevelsPass([path])).get(path);

describe('Session: structure tree', () => {
  it("answers the children of a branch (the hosts for ''), and a branch filter shows exactly its rows", () => {
    const s = new Session();
    const lines = [
      'https://a.example/',
      'https://a.example/blog/1',
      'https://a.example/blog/2',
      'https://a.example/blogger',
      'https://b.example/x',
    ];
    s.importSet(importFiles([{ name: 'urls.txt', bytes: enc.encode(lines.join('\n') + '\n') }]), false);
    expect(childrenOf(s, '')?.children.map((c) => [c.label, c.urls])).toEqual([
      ['a.example', 4],
      ['b.example', 1],
    ]);
    const a = childrenOf(s, 'https://a.example')?.children;
    expect(a?.map((c) => [c.key, c.urls, c.hasChildren])).toEqual([
      ['https://a.example/blog', 2, true],
      ['https://a.example/blogger', 1, false],
    ]);
    expect(s.setView({ ...ALL_ROWS, prefix: 'https://a.example/blog' })).toBe(2);
    expect(s.rows(0, 5).map((r) => r.loc)).toEqual(['https://a.example/blog/1', 'https://a.example/blog/2']);
    expect(s.setView(ALL_ROWS)).toBe(5);
  });
});

describe('Session: open tree levels and the lastmod chart', () => {
  const url = (loc: string, lastmod?: string) =>
    `<url><loc>${loc}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('https://a.example/', '2024-01-10'),
    url('https://a.example/blog/1', '2024-03-01'),
    url('https://a.example/blog/2', '2024-03-02T09:00:00+00:00'),
    url('https://a.example/blog/3', '2024-05-05'),
    url('https://a.example/docs/x'),
    url('https://a.example/docs/y', '31/01/2024'),
    '</urlset>',
  ].join('\n');

  function session(): Session {
    const s = new Session();
    s.importSet(importFiles([{ name: 'sitemap.xml', bytes: enc.encode(xml) }]), false);
    return s;
  }

  it('answers several open levels in one request, as one request each would', () => {
    const s = session();
    const paths = ['', 'https://a.example', 'https://a.example/blog'];
    const levels = finished(s.treeLevelsPass(paths));
    expect([...levels.keys()]).toEqual(paths);
    for (const p of paths) expect(levels.get(p)).toEqual(childrenOf(s, p));
    expect(levels.get('https://a.example')?.children.map((c) => [c.label, c.urls, c.newestLastmod])).toEqual([
      ['blog', 3, '2024-05-05'],
      ['docs', 2, ''],
    ]);
  });

  it('charts the lastmods of the rows the table shows, whatever month the table is filtered to', () => {
    const s = session();
    const now = new Date('2024-06-01T00:00:00Z');
    const all = finished(s.lastmodChartPass(now));
    expect(all.histogram.months).toEqual([
      { month: '2024-01', count: 1 },
      { month: '2024-03', count: 2 },
      { month: '2024-05', count: 1 },
    ]);
    expect(all.summary).toBe('lastmod from 2024-01 to 2024-05; 50% in 2024-03; 1 invalid, 1 without lastmod');
    expect(all.bars.map((b) => b.count)).toEqual([1, 0, 2, 0, 1]);

    expect(s.setView({ ...ALL_ROWS, prefix: 'https://a.example/blog' })).toBe(3);
    expect(finished(s.lastmodChartPass(now)).summary).toBe('lastmod from 2024-03 to 2024-05; 67% in 2024-03');

    // Choosing a month filters the table; the chart still shows the branch's other months.
    expect(s.setView({ ...ALL_ROWS, prefix: 'https://a.example/blog', lastmodPeriod: '2024-03' })).toBe(2);
    expect(s.rows(0, 5).map((r) => r.loc)).toEqual(['https://a.example/blog/1', 'https://a.example/blog/2']);
    expect(finished(s.lastmodChartPass(now)).histogram.months).toEqual([
      { month: '2024-03', count: 2 },
      { month: '2024-05', count: 1 },
    ]);
  });

  it('keeps the chart of each filter until the document changes, whatever the sort', () => {
    const s = session();
    const now = new Date('2024-06-01T00:00:00Z');
    const all = finished(s.lastmodChartPass(now));
    s.setView({ ...ALL_ROWS, prefix: 'https://a.example/blog' });
    const blog = finished(s.lastmodChartPass(now));
    // Back to every row, sorted: no pass over the rows, the same chart.
    s.setView({ ...ALL_ROWS, sort: { key: 'lastmod', dir: 'desc' } });
    const again = s.lastmodChartPass(now);
    expect(again.step(1)).toBe(true);
    expect(again.finish()).toBe(all);
    s.setView({ ...ALL_ROWS, prefix: 'https://a.example/blog' });
    expect(finished(s.lastmodChartPass(now))).toBe(blog);
    // An edit: counted again.
    const [row] = s.rows(0, 1);
    s.edits.edit(row!.id, 'lastmod', '2024-02-02');
    const fresh = finished(s.lastmodChartPass(now));
    expect(fresh).not.toBe(blog);
    expect(fresh.histogram.months.map((m) => m.month)).toContain('2024-02');
  });
});

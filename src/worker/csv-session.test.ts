import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { ALL_ROWS } from '../core/view/query';
import type { CsvDownload } from './protocol';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const HEADER =
  'loc,lastmod,changefreq,priority,images,videos,news,alternates,other extensions,source file,problems\r\n';
const ROOT = 'https://example.com/,2024-05-01,daily,1.0,0,0,0,0,0,basic-urlset.xml,loc-duplicate\r\n';
const SHOP =
  'https://example.com/shop?item=1&color=red,2024-05-02T10:30:00+02:00,,,1,0,0,0,0,basic-urlset.xml,image-deprecated\r\n';
const ABOUT = 'https://example.com/about,,,,0,0,0,0,0,basic-urlset.xml,\r\n';
const ROOT_CSV = 'https://example.com/,2024-01-01,daily,1.0,0,0,0,0,0,urls.csv,loc-duplicate\r\n';
const A_CSV =
  'https://example.com/a,2024/01/05,Daily,"0,8",0,0,0,0,0,urls.csv,lastmod-format changefreq-value priority-format\r\n';

function loaded(): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
  s.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), true);
  return s;
}

function textOf(csv: CsvDownload): string {
  const joined = new Uint8Array(csv.bytes);
  let at = 0;
  for (const part of csv.parts) {
    joined.set(part, at);
    at += part.length;
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(joined);
}

describe('Session: CSV export of the table', () => {
  it('writes the current view, filtered and sorted, or every row in import order', () => {
    const s = loaded();
    expect(
      s.setView({ ...ALL_ROWS, text: 'example.com/', sort: { key: 'lastmod', dir: 'desc' }, onlyProblems: true }),
    ).toBe(4);

    const view = s.downloads.exportCsv('view');
    expect(view).toMatchObject({ fileName: 'urls-view.csv', mimeType: 'text/csv;charset=utf-8', rows: 4 });
    // Sorted as text, as the table sorts: '2024/01/05' is greater than '2024-05-01', so first when descending.
    // The shop's image caption is image-deprecated: a problem row too.
    expect(textOf(view)).toBe('\uFEFF' + HEADER + A_CSV + SHOP + ROOT + ROOT_CSV);

    const all = s.downloads.exportCsv('all');
    expect(all).toMatchObject({ fileName: 'urls.csv', rows: 5 });
    expect(textOf(all)).toBe('\uFEFF' + HEADER + ROOT + SHOP + ABOUT + ROOT_CSV + A_CSV);
    expect(all.bytes).toBe(all.parts.reduce((n, p) => n + p.length, 0));
  });

  it('writes the rows as they are after an edit, with their new problems', () => {
    const s = loaded();
    s.setView({ ...ALL_ROWS, text: '/about' });
    const about = s.rows(0, 1)[0]!;
    s.edits.edit(about.id, 'lastmod', '2024-13-01');
    expect(textOf(s.downloads.exportCsv('view'))).toBe(
      '\uFEFF' + HEADER + 'https://example.com/about,2024-13-01,,,0,0,0,0,0,basic-urlset.xml,lastmod-invalid\r\n',
    );
  });

  it('reports progress and refuses before anything was imported', () => {
    const s = loaded();
    const seen: [number, number][] = [];
    s.downloads.exportCsv('all', (done, total) => seen.push([done, total]));
    expect(seen).toEqual([[5, 5]]);
    expect(() => new Session().downloads.exportCsv('all')).toThrow('There are no sitemaps yet: import some first.');
  });
});

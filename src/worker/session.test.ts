import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { ALL_ROWS } from '../core/view/query';
import type { ExportSettings } from './protocol';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const SETTINGS: ExportSettings = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  profile: 'standard',
  maxUrls: 50000,
  maxBytes: 52428800,
  siteUrl: 'https://example.com/',
  schemaLocation: false,
  lastmodForm: 'as-is',
  layout: 'limits',
  newRowsTo: '',
};

function loaded(): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false);
  s.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), true);
  return s;
}

describe('Session: the worker document', () => {
  it('appends imports and pages rows of the view', () => {
    const s = loaded();
    expect(s.summary()).toMatchObject({ urlCount: 5, viewCount: 5 });
    expect(s.rows(3, 10).map((r) => [r.loc, r.file])).toEqual([
      ['https://example.com/', 'urls.csv'],
      ['https://example.com/a', 'urls.csv'],
    ]);
    expect(s.rows(1, 2)[0]).toMatchObject({ ext: 1, extSummary: 'image:image' });
  });

  it('filters and sorts in the worker', () => {
    const s = loaded();
    expect(s.setView({ ...ALL_ROWS, code: 'changefreq-value' })).toBe(1);
    expect(s.rows(0, 1)[0]?.changefreq).toBe('Daily');
    expect(s.setView({ ...ALL_ROWS, sort: { key: 'loc', dir: 'desc' } })).toBe(5);
    expect(s.rows(0, 5).map((r) => r.loc)).toEqual([
      'https://example.com/shop?item=1&color=red',
      'https://example.com/about',
      'https://example.com/a',
      'https://example.com/',
      'https://example.com/',
    ]);
    expect(s.setView({ ...ALL_ROWS, text: 'ABOUT' })).toBe(1);
  });

  it('edits a cell, re-checks its row, and reports the new totals', () => {
    const s = loaded();
    const [row] = s.rows(4, 5);
    expect(row?.problems.map((p) => p.code).sort()).toEqual(['changefreq-value', 'lastmod-format', 'priority-format']);
    const out = s.edits.edit(row!.id, 'changefreq', 'daily');
    expect(out.row?.changefreq).toBe('daily');
    expect(out.row?.problems.map((p) => p.code).sort()).toEqual(['lastmod-format', 'priority-format']);
    // No other row draws differently: the table draws this one from the answer, and asks for the totals after.
    expect(out.othersChanged).toBe(false);
    expect(out.summary).toBeNull();
    expect(s.summary().byCode['changefreq-value']).toBeUndefined();
    expect(out.row).toEqual(s.rows(4, 5)[0]);
  });

  it('says when an edit changed other rows too: a loc that becomes a duplicate marks its partner', () => {
    const s = loaded();
    const [first, second] = s.rows(0, 2);
    expect(second?.problems.map((p) => p.code)).not.toContain('loc-duplicate');
    const out = s.edits.edit(second!.id, 'loc', first!.loc);
    expect(out.othersChanged).toBe(true);
    // The table fetches its rows again: the totals come with the answer.
    expect(out.summary).toEqual(s.summary());
    expect(out.row?.problems.map((p) => p.code)).toContain('loc-duplicate');
    expect(s.rows(0, 1)[0]?.problems.map((p) => p.code)).toContain('loc-duplicate');
    // An edit that changes nothing changes no other row either.
    expect(s.edits.edit(second!.id, 'loc', first!.loc).othersChanged).toBe(false);
  });

  it('adds and deletes rows', () => {
    const s = loaded();
    const added = s.edits.addRow({ loc: 'https://example.com/new' });
    expect(added.summary.urlCount).toBe(6);
    expect(s.rows(5, 6)[0]).toMatchObject({ id: added.rowId, loc: 'https://example.com/new', file: '(added here)' });
    const gone = s.edits.deleteRows([added.rowId]);
    expect(gone).toMatchObject({ removed: 1, viewCount: 5 });
  });

  it('applies every fix and lists what it did', () => {
    const s = loaded();
    const out = s.edits.fix('all', 'https://example.com/');
    expect(out.applied).toMatchObject({
      'lastmod-format': 1,
      'changefreq-value': 1,
      'priority-format': 1,
      'loc-duplicate': 1,
    });
    expect(out.removedRows).toBe(1);
    expect(out.summary.counts.error).toBe(0);
  });

  it('exports one file as itself and several as a zip', () => {
    const s = loaded();
    const one = s.downloads.export(SETTINGS, () => {});
    expect(one.fileName).toBe('sitemap.xml');
    expect(new TextDecoder().decode(one.bytes)).toContain('<loc>https://example.com/about</loc>');
    const many = s.downloads.export({ ...SETTINGS, profile: 'custom', maxUrls: 2, gzip: true }, () => {});
    expect(many.fileName).toBe('sitemaps.zip');
    expect(Object.keys(unzipSync(many.bytes)).sort()).toEqual([
      'robots.txt',
      'sitemap-1.xml.gz',
      'sitemap-2.xml.gz',
      'sitemap-3.xml.gz',
      'sitemap-index.xml.gz',
    ]);
    expect(s.downloads.planExport({ ...SETTINGS, profile: 'custom', maxUrls: 2 }).files.map((f) => f.name)).toEqual([
      'sitemap-1.xml',
      'sitemap-2.xml',
      'sitemap-3.xml',
      'sitemap-index.xml',
    ]);
  });
});

describe('Session: the live URLs a set was opened from', () => {
  it('are saved with the document, restored with it, shown in the summary, and forgotten by a fresh import', async () => {
    const { openedFrom } = await import('../core/live/opened-from');
    const source = openedFrom(
      'https://example.com/sitemap.xml',
      'direct',
      { problems: [], finalUrl: [], failed: [] },
      1,
    );
    const s = new Session();
    s.importSet(importFiles([{ name: 'basic-urlset.xml', bytes: fixture('basic-urlset.xml') }]), false, null, source);
    expect(s.summary().openedFrom).toEqual([source]);
    const saved = s.snapshot(2);
    expect(saved?.openedFrom).toEqual([source]);
    const reloaded = new Session();
    expect(reloaded.restore(structuredClone(saved!)).openedFrom).toEqual([source]);
    reloaded.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), true);
    expect(reloaded.summary().openedFrom).toEqual([source]);
    reloaded.importSet(importFiles([{ name: 'urls.csv', bytes: fixture('urls.csv') }]), false);
    expect(reloaded.summary().openedFrom).toEqual([]);
    expect(reloaded.snapshot(3)?.openedFrom).toBeUndefined();
  });
});

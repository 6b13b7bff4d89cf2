import { describe, expect, it } from 'vitest';
import { fixture, hasShared } from '../../fixtures/helpers';
import { validateXsd } from '../../fixtures/xsd';
import { CLUSTER_FLAG } from '../core/clusters/cluster-index';
import { importFiles } from '../core/read/import-files';
import type { ClusterAsk } from './languages-protocol';
import type { ExportSettings } from './protocol';
import { Session } from './session';

const E = 'https://www.example.com';
const ALL: ClusterAsk = { byPrefix: false, filter: 'all' };

function loaded(): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'hreflang-clusters.xml', bytes: fixture('hreflang-clusters.xml') }]), false);
  return s;
}

describe('Session: the Languages view', () => {
  it('counts the clusters and lists a window of them, each member with its language, row and gaps', () => {
    const s = loaded();
    expect(s.languages.summary(ALL)).toMatchObject({
      byPrefix: false,
      clusters: 3,
      incomplete: 1,
      oneWay: 1,
      conflicts: 1,
      unknown: 0,
      languages: ['de', 'en', 'es', 'fr'],
      shown: 3,
      unusableLinks: 0,
    });
    expect(s.languages.summary({ byPrefix: true, filter: 'incomplete' })).toMatchObject({ clusters: 4, shown: 2 });
    const [about] = s.languages.clusters(ALL, 0, 1);
    expect(about).toMatchObject({
      cluster: 0,
      flags: CLUSTER_FLAG.incomplete | CLUSTER_FLAG.oneWay,
      xDefault: `${E}/en/about`,
      xDefaultOther: null,
      conflict: null,
    });
    expect(
      about?.members.map((m) => [m.member, m.lang, m.url.replace(E, ''), m.rowId !== null, m.missing, m.oneWay]),
    ).toEqual([
      [0, 0, '/de/about', true, 2, 0],
      [1, 1, '/en/about', true, 0, 0],
      [2, 3, '/fr/about', true, 4, 1],
    ]);
    const conflict = s.languages.clusters({ byPrefix: false, filter: 'conflict' }, 0, 10);
    expect(conflict).toHaveLength(1);
    expect(conflict[0]?.conflict).toMatch(/has 2 pages for de/);
    expect(conflict[0]?.members.find((m) => m.url === `${E}/de/shop`)?.rowId).toBeNull();
  });

  it('adds the return links as one undo step, and undo puts every row back', () => {
    const s = loaded();
    const before = s.summary().byCode['hreflang-not-reciprocal'];
    const outcome = s.languages.complete(false);
    expect(outcome.words).toBe(
      'Added 6 return links in 2 rows of 1 cluster; every other element of those rows is kept; 1 cluster left as it was (its links disagree).',
    );
    expect(outcome.history.undoLabel).toBe('Add return links (6 alternates in 2 rows)');
    expect(outcome.summary.byCode['hreflang-not-reciprocal']).toBe(1);
    expect(s.languages.summary({ byPrefix: false, filter: 'incomplete' }).shown).toBe(0);
    s.undo();
    expect(s.summary().byCode['hreflang-not-reciprocal']).toBe(before);
    expect(s.languages.summary({ byPrefix: false, filter: 'incomplete' }).shown).toBe(1);
    s.redo();
    expect(s.summary().byCode['hreflang-not-reciprocal']).toBe(1);
  });

  it('sets the x-default by language, or of one cluster at the revision it was shown', () => {
    const s = loaded();
    const summary = s.languages.summary(ALL);
    const out = s.languages.setXDefault(false, { language: 'en' }, summary.revision);
    expect(out.words).toBe(
      'Added 3 x-default links in 3 rows of 2 clusters; every other element of those rows is kept; 1 cluster left as it was (its links disagree).',
    );
    const id = s.languages.clusters(ALL, 1, 2)[0]?.members[0]?.rowId as number;
    expect(
      s
        .rowDetails(id)
        .alternates.map((a) => `${a.hreflang} ${a.href}`)
        .at(-1),
    ).toBe(`x-default ${E}/en/contact`);
    // A pick of one cluster made before that change is refused: the numbers may mean other clusters now.
    expect(() => s.languages.setXDefault(false, { cluster: 0, member: 0 }, summary.revision)).toThrow(
      'The clusters changed since they were shown; choose the x-default again.',
    );
    const now = s.languages.summary(ALL).revision;
    const one = s.languages.setXDefault(false, { cluster: 0, member: 0 }, now);
    expect(one.report).toMatchObject({ clusters: 1, rows: 3, changed: 3, added: 0 });
  });

  it('lists a cluster of thousands whose links disagree (a language switcher to one home page) with a few pages a language', () => {
    const rows = Array.from(
      { length: 5000 },
      (_, i) =>
        `<url><loc>${E}/p/${i}</loc><xhtml:link rel="alternate" hreflang="de" href="${E}/p/${i}"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${E}/en/"/></url>`,
    );
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${rows.join('')}</urlset>`;
    const s = new Session();
    s.importSet(importFiles([{ name: 'switcher.xml', bytes: new TextEncoder().encode(xml) }]), false);
    expect(s.languages.summary(ALL)).toMatchObject({ clusters: 1, conflicts: 1, languages: ['de', 'en'] });
    const [row] = s.languages.clusters(ALL, 0, 1);
    expect(row?.members).toHaveLength(4);
    expect(row?.memberCounts).toEqual([5000, 1, 0]);
    expect(row?.conflict).toMatch(/has 5,000 pages for de: .*\/p\/0, .*\/p\/1 and 4,998 more/);
    expect(s.languages.complete(false).report).toMatchObject({ rows: 0, skippedCount: 1 });
  });

  it.runIf(hasShared)('exports files that validate against the official XSDs after both changes', () => {
    const s = loaded();
    s.languages.complete(true);
    s.languages.setXDefault(true, { language: 'en' }, s.languages.summary(ALL).revision);
    const settings: ExportSettings = {
      format: 'xml',
      gzip: false,
      index: 'auto',
      profile: 'standard',
      maxUrls: 50000,
      maxBytes: 52428800,
      layout: 'limits',
      newRowsTo: '',
      siteUrl: `${E}/`,
      schemaLocation: false,
      lastmodForm: 'as-is',
    };
    expect(validateXsd(s.downloads.export(settings, () => {}).bytes, 'sitemap-all.xsd', 'sitemap.xml')).toEqual({
      ok: true,
      errors: [],
    });
  });
});

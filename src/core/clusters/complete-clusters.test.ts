import { describe, expect, it } from 'vitest';
import { corpusFile, fixture, hasShared, importText } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { hreflangLinks } from '../rows/ext-read';
import { applyExtChanges } from '../rows/changes';
import type { SitemapSet } from '../read/sitemap-set';
import { planCompleteClusters, describeClusterReport } from './complete-clusters';
import { findClusters } from './find-clusters';
import { locLookupOf } from './loc-lookup';

const E = 'https://www.example.com';

function plan(set: SitemapSet, byPrefix = false) {
  const lookup = locLookupOf(checkSet(set), set.rows);
  return planCompleteClusters(findClusters(set.rows, lookup, byPrefix), set.rows, lookup);
}

const pairsAt = (set: SitemapSet, p: number) =>
  hreflangLinks(set.rows.ext[p]).map((l) => `${l.hreflang} ${l.href.replace(E, '')}`);
/** Every element of a row as "prefix:name", in order. */
const elementsAt = (set: SitemapSet, p: number) => (set.rows.ext[p] ?? []).map((el) => `${el.prefix}:${el.name}`);

describe('planCompleteClusters', () => {
  it("adds each missing alternate after the row's last link, keeping every other element in its place", () => {
    const set = importText(fixture('hreflang-clusters.xml'));
    const before = structuredClone(set.rows.ext);
    const own = set.rows.ext.slice();
    const { exts, report } = plan(set);
    // Planning changes nothing.
    expect(set.rows.ext).toEqual(before);
    expect(exts.map((c) => c.row)).toEqual([set.rows.id[1], set.rows.id[2]]);
    applyExtChanges(set.rows, exts, 'forward');
    expect(pairsAt(set, 1)).toEqual(['DE /de/about', 'en /en/about', 'fr /fr/about', 'x-default /en/about']);
    expect(elementsAt(set, 1)).toEqual([
      'image:image',
      'xhtml:link',
      'xhtml:link',
      'xhtml:link',
      'xhtml:link',
      'image:image',
    ]);
    expect(pairsAt(set, 2)).toEqual(['de /de/about', 'en /en/about', 'fr /fr/about', 'x-default /en/about']);
    expect(elementsAt(set, 2)[0]).toBe('image:image');
    // The other elements are the very objects the row had.
    expect(set.rows.ext[1]?.[0]).toBe(own[1]?.[0]);
    expect(set.rows.ext[1]?.[5]).toBe(own[1]?.[3]);
    expect(set.rows.ext[2]?.[0]).toBe(own[2]?.[0]);
    expect(report).toMatchObject({ clusters: 1, rows: 2, added: 6, changed: 0, skippedCount: 1, unknown: 0 });
    expect(report.lines).toEqual([
      `${E}/de/about: + fr ${E}/fr/about, + x-default ${E}/en/about`,
      `${E}/fr/about: + de ${E}/de/about, + en ${E}/en/about, + fr ${E}/fr/about, + x-default ${E}/en/about`,
    ]);
    expect(report.skipped).toEqual([
      `The cluster of ${E}/de/laden has 2 pages for de: ${E}/de/laden, ${E}/de/shop; correct the alternates in one of them first`,
    ]);
    expect(describeClusterReport(report, 'return links')).toBe(
      'Added 6 return links in 2 rows of 1 cluster; every other element of those rows is kept; 1 cluster left as it was (its links disagree).',
    );
  });

  it('leaves no missing or one-way alternate behind: the check agrees, and a second pass finds nothing to add', () => {
    const set = importText(fixture('hreflang-clusters.xml'));
    const codesBefore = checkSet(set).byCode;
    expect(codesBefore['hreflang-not-reciprocal']).toBe(2);
    applyExtChanges(set.rows, plan(set).exts, 'forward');
    const after = checkSet(set).byCode;
    // Left: the shop cluster's disagreement, which is the user's to settle.
    expect(after['hreflang-not-reciprocal']).toBe(1);
    expect(after['hreflang-self-missing']).toBe(1);
    expect(plan(set).exts).toEqual([]);
  });

  it('undoes exactly: the rows get back the arrays they had', () => {
    const set = importText(fixture('hreflang-clusters.xml'));
    const before = set.rows.ext.slice();
    const { exts } = plan(set, true);
    applyExtChanges(set.rows, exts, 'forward');
    applyExtChanges(set.rows, exts, 'backward');
    before.forEach((ext, p) => expect(set.rows.ext[p]).toBe(ext));
  });

  it('completes a cluster found by locale prefix, giving rows without alternates their first ones', () => {
    const set = importText(fixture('hreflang-clusters.xml'));
    const { exts, report } = plan(set, true);
    applyExtChanges(set.rows, exts, 'forward');
    expect(pairsAt(set, 6)).toEqual(['en /en/blog/', 'tr /tr/blog/']);
    expect(pairsAt(set, 7)).toEqual(['en /en/blog/', 'tr /tr/blog/']);
    expect(set.rows.ext[8]).toBeUndefined();
    expect(report).toMatchObject({ clusters: 2, rows: 4, added: 10 });
  });

  it('gives every row of a repeated URL the links', () => {
    const xml = (body: string) =>
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</urlset>`;
    const set = importText(
      xml(
        `<url><loc>${E}/en/</loc><xhtml:link rel="alternate" hreflang="en" href="${E}/en/"/><xhtml:link rel="alternate" hreflang="de" href="${E}/de/"/></url>` +
          `<url><loc>${E}/de/</loc></url><url><loc>${E}/de/</loc></url>`,
      ),
    );
    const { exts } = plan(set);
    expect(exts.map((c) => c.row)).toEqual([set.rows.id[1], set.rows.id[2]]);
  });

  it.runIf(hasShared)(
    'adds nothing to the Hugo corpus file, whose pages list their translations and themselves',
    () => {
      const set = importText(corpusFile('hreflang_hugo-multilingual_en-sitemap.xml'));
      const lookup = locLookupOf(checkSet(set), set.rows);
      const index = findClusters(set.rows, lookup);
      expect(index.count).toBe(5);
      expect(index.languages).toEqual(['en', 'es']);
      expect(planCompleteClusters(index, set.rows, lookup).exts).toEqual([]);
    },
  );
});

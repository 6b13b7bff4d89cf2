import { describe, expect, it } from 'vitest';
import { fixture, importText, urlset } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { hreflangLinks } from '../rows/ext-read';
import { applyExtChanges } from '../rows/changes';
import type { SitemapSet } from '../read/sitemap-set';
import { CLUSTER_FLAG } from './cluster-index';
import { findClusters } from './find-clusters';
import { locLookupOf } from './loc-lookup';
import { planSetXDefault, type XDefaultPick } from './set-x-default';

const E = 'https://www.example.com';
const XHTML = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
const link = (lang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${E}${path}"/>`;

function planOn(set: SitemapSet, pick: XDefaultPick) {
  const lookup = locLookupOf(checkSet(set), set.rows);
  const index = findClusters(set.rows, lookup);
  return { index, ...planSetXDefault(index, set.rows, lookup, pick) };
}

const pairsAt = (set: SitemapSet, p: number) =>
  hreflangLinks(set.rows.ext[p]).map((l) => `${l.hreflang} ${l.href.replace(E, '')}`);

describe('planSetXDefault', () => {
  it('sets the x-default of every cluster to its page in a language: changing the href of one elsewhere, adding one where missing', () => {
    const set = importText(
      urlset(
        `<url><loc>${E}/en/a</loc>${link('en', '/en/a')}${link('de', '/de/a')}${link('X-Default', '/')}</url>` +
          `<url><loc>${E}/de/a</loc>${link('en', '/en/a')}${link('de', '/de/a')}</url>` +
          `<url><loc>${E}/en/b</loc>${link('en', '/en/b')}${link('x-default', '/en/b')}</url>` +
          `<url><loc>${E}/fr/c</loc>${link('fr', '/fr/c')}</url>`,
        XHTML,
      ),
    );
    const { exts, report } = planOn(set, { language: 'EN' });
    applyExtChanges(set.rows, exts, 'forward');
    // The written hreflang spelling is kept: only the href changes.
    expect(pairsAt(set, 0)).toEqual(['en /en/a', 'de /de/a', 'X-Default /en/a']);
    expect(pairsAt(set, 1)).toEqual(['en /en/a', 'de /de/a', 'x-default /en/a']);
    // /en/b already has it; /fr/c has no English page: both left.
    expect(exts.map((c) => c.row)).toEqual([set.rows.id[0], set.rows.id[1]]);
    expect(report).toMatchObject({ clusters: 1, rows: 2, added: 1, changed: 1, skippedCount: 0 });
    expect(report.lines).toEqual([`${E}/en/a: x-default → ${E}/en/a`, `${E}/de/a: + x-default ${E}/en/a`]);
  });

  it('settles a cluster whose members named two x-defaults, with the member the user picks', () => {
    const set = importText(
      urlset(
        `<url><loc>${E}/en/a</loc>${link('en', '/en/a')}${link('de', '/de/a')}${link('x-default', '/')}</url>` +
          `<url><loc>${E}/de/a</loc>${link('en', '/en/a')}${link('de', '/de/a')}${link('x-default', '/en/a')}</url>`,
        XHTML,
      ),
    );
    const lookup = locLookupOf(checkSet(set), set.rows);
    const index = findClusters(set.rows, lookup);
    expect(index.flags[0]).toBe(CLUSTER_FLAG.xDefaultTwice);
    // Members are in language order: the most used first, then by code: de, en.
    expect(index.languages).toEqual(['de', 'en']);
    const { exts } = planSetXDefault(index, set.rows, lookup, { cluster: 0, member: 0 });
    applyExtChanges(set.rows, exts, 'forward');
    expect(pairsAt(set, 0).at(-1)).toBe('x-default /de/a');
    expect(pairsAt(set, 1).at(-1)).toBe('x-default /de/a');
    expect(findClusters(set.rows, locLookupOf(checkSet(set), set.rows)).flags[0]).toBe(0);
  });

  it('leaves a cluster whose members are in doubt, and says why', () => {
    const set = importText(fixture('hreflang-clusters.xml'));
    const { report } = planOn(set, { language: 'de' });
    expect(report.skippedCount).toBe(1);
    expect(report.skipped[0]).toMatch(/has 2 pages for de/);
  });

  it('refuses a pick that names no member', () => {
    const set = importText(fixture('hreflang-clusters.xml'));
    expect(() => planOn(set, { language: 'ja' })).toThrow('No cluster has a page in ja.');
    expect(() => planOn(set, { cluster: 0, member: 9 })).toThrow(/not in the cluster any more/);
    expect(() => planOn(set, { cluster: 99, member: 0 })).toThrow(/not in the cluster any more/);
  });
});

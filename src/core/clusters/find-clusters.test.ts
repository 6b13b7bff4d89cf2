import { describe, expect, it } from 'vitest';
import { fixture, importText, urlset } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import type { SitemapSet } from '../read/sitemap-set';
import { CLUSTER_FLAG, nodeUrl, type ClusterIndex } from './cluster-index';
import { memberStatus } from './cluster-status';
import { findClusters } from './find-clusters';
import { canonicalHreflang, localeOfLoc } from './lang-code';
import { locLookupOf } from './loc-lookup';

const XHTML = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
const E = 'https://www.example.com';

function clustersOf(set: SitemapSet, byPrefix = false) {
  const lookup = locLookupOf(checkSet(set), set.rows);
  return { index: findClusters(set.rows, lookup, byPrefix), lookup };
}

/** Each cluster as "lang=path" members (unknown language as "?"), its x-default and its flags. */
function shape(set: SitemapSet, index: ClusterIndex) {
  const path = (node: number) => nodeUrl(index, set.rows, node).replace(E, '');
  return Array.from({ length: index.count }, (_, k) => {
    const members: string[] = [];
    for (let i = index.start[k] as number; i < (index.start[k + 1] as number); i++) {
      const l = index.lang[i] as number;
      members.push(`${l < 0 ? '?' : index.languages[l]}=${path(index.node[i] as number)}`);
    }
    const x = index.xDefault[k] as number;
    return { members, xDefault: x < 0 ? null : path(x), flags: index.flags[k] };
  });
}

const F = CLUSTER_FLAG;

describe('findClusters from the alternates', () => {
  it('joins the pages that list one another, gives each its language, and marks gaps, one-way links and disagreement', () => {
    const set = importText(fixture('hreflang-clusters.xml'));
    const { index, lookup } = clustersOf(set);
    expect(index.languages).toEqual(['de', 'en', 'es', 'fr']);
    expect(shape(set, index)).toEqual([
      {
        members: ['de=/de/about', 'en=/en/about', 'fr=/fr/about'],
        xDefault: '/en/about',
        flags: F.incomplete | F.oneWay,
      },
      { members: ['en=/en/contact', 'es=https://es.example.com/contacto'], xDefault: null, flags: F.outside },
      {
        // /de/shop is not a row; /de/laden also says it is de: two pages for one language.
        members: ['de=/de/laden', 'de=/de/shop', 'en=/en/shop'],
        xDefault: null,
        flags: F.languageTwice | F.outside,
      },
    ]);
    // de lacks fr and the x-default; fr lists nothing, and en's link to it is one-way.
    const about = memberStatus(index, set.rows, lookup, 0);
    expect(Array.from(about.missing)).toEqual([2, 0, 4]);
    expect(Array.from(about.oneWay)).toEqual([0, 0, 1]);
  });

  it('keeps a page listing only itself, and reads hreflang values in any case as one language', () => {
    const set = importText(
      urlset(
        `<url><loc>${E}/a</loc><xhtml:link rel="alternate" hreflang="en-gb" href="${E}/a"/></url>` +
          `<url><loc>${E}/b</loc><xhtml:link rel="alternate" hreflang="EN-GB" href="${E}/b"/></url>`,
        XHTML,
      ),
    );
    const { index } = clustersOf(set);
    expect(index.languages).toEqual(['en-GB']);
    expect(shape(set, index).map((c) => c.members)).toEqual([['en-GB=/a'], ['en-GB=/b']]);
    expect(Array.from(index.flags)).toEqual([0, 0]);
  });

  it('does not join clusters through a shared x-default, and marks members that disagree on it', () => {
    const link = (lang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${E}${path}"/>`;
    const set = importText(
      urlset(
        `<url><loc>${E}/en/a</loc>${link('en', '/en/a')}${link('de', '/de/a')}${link('x-default', '/')}</url>` +
          `<url><loc>${E}/de/a</loc>${link('en', '/en/a')}${link('de', '/de/a')}${link('x-default', '/en/a')}</url>` +
          `<url><loc>${E}/en/b</loc>${link('en', '/en/b')}${link('x-default', '/')}</url>`,
        XHTML,
      ),
    );
    const { index } = clustersOf(set);
    expect(shape(set, index)).toEqual([
      { members: ['en=/en/a', 'de=/de/a'], xDefault: '/', flags: F.xDefaultTwice },
      { members: ['en=/en/b'], xDefault: '/', flags: 0 },
    ]);
  });

  it('marks a page given two languages, and a member no link gives a language', () => {
    const set = importText(
      urlset(
        `<url><loc>${E}/a</loc><xhtml:link rel="alternate" hreflang="de" href="${E}/b"/></url>` +
          `<url><loc>${E}/c</loc><xhtml:link rel="alternate" hreflang="fr" href="${E}/b"/></url>` +
          `<url><loc>${E}/d</loc><xhtml:link rel="alternate" hreflang="it" href="${E}/e"/></url>`,
        XHTML,
      ),
    );
    const { index } = clustersOf(set);
    const [two, unknown] = shape(set, index);
    // /b is not a row: the page two rows disagree about is outside the set.
    expect(two?.flags).toBe(F.pageTwoLanguages | F.languageUnknown | F.outside);
    // /d lists every member it can: its own language is what it lacks, and only a link can give it.
    expect(unknown).toEqual({ members: ['it=/e', '?=/d'], xDefault: null, flags: F.languageUnknown | F.outside });
  });

  it('leaves out alternates without an absolute http(s) href, and counts them', () => {
    const set = importText(
      urlset(
        `<url><loc>${E}/a</loc><xhtml:link rel="alternate" hreflang="en" href="${E}/a"/>` +
          `<xhtml:link rel="alternate" hreflang="de" href="/de/a"/><xhtml:link rel="alternate" hreflang="fr"/></url>`,
        XHTML,
      ),
    );
    const { index } = clustersOf(set);
    expect(shape(set, index).map((c) => c.members)).toEqual([['en=/a']]);
    expect(index.unusableLinks).toBe(2);
  });

  it('finds nothing in a set without alternates, and one cluster in a complete pair', () => {
    expect(clustersOf(importText(fixture('basic-urlset.xml'))).index.count).toBe(0);
    const hugo = importText(fixture('ext-hreflang.xml'));
    expect(clustersOf(hugo).index.count).toBe(1);
  });
});

describe('findClusters by locale prefix', () => {
  it('joins pages whose URLs differ only by a locale first segment, needing two languages to call it a cluster', () => {
    const set = importText(fixture('hreflang-clusters.xml'));
    const { index } = clustersOf(set, true);
    const shapes = shape(set, index);
    // /id/12 alone is no cluster: "id" is a language code, but nothing shares its path.
    expect(shapes.at(-1)).toEqual({ members: ['en=/en/blog/', 'tr=/tr/blog/'], xDefault: null, flags: F.incomplete });
    expect(index.languages).not.toContain('id');
    expect(index.byPrefix).toBe(true);
  });

  it('lets the language a link gives win over the prefix, and joins prefix pages to a linked cluster', () => {
    const set = importText(
      urlset(
        `<url><loc>${E}/en-us/a</loc><xhtml:link rel="alternate" hreflang="en" href="${E}/en-us/a"/></url>` +
          `<url><loc>${E}/DE/a</loc></url><url><loc>${E}/fr/a</loc></url><url><loc>${E}/fr/a</loc></url>`,
        XHTML,
      ),
    );
    const { index } = clustersOf(set, true);
    expect(shape(set, index)).toEqual([
      { members: ['de=/DE/a', 'en=/en-us/a', 'fr=/fr/a'], xDefault: null, flags: F.incomplete },
    ]);
  });
});

describe('lang-code', () => {
  it('spells hreflang values canonically', () => {
    expect(['EN', 'en-us', 'zh-hant-tw', 'X-Default', ' de-at ', 'es-419'].map(canonicalHreflang)).toEqual([
      'en',
      'en-US',
      'zh-Hant-TW',
      'x-default',
      'de-AT',
      'es-419',
    ]);
  });

  it('reads a locale first segment and the key without it', () => {
    expect(localeOfLoc('https://Example.com/pt_br/a/b?x=1')).toEqual({
      lang: 'pt-BR',
      key: 'https://example.com/a/b?x=1',
    });
    expect(localeOfLoc('https://example.com/tr')).toEqual({ lang: 'tr', key: 'https://example.com/' });
    expect(localeOfLoc('https://example.com/tr?q')).toEqual({ lang: 'tr', key: 'https://example.com/?q' });
    for (const no of [
      'https://example.com/blog/x',
      'https://example.com/xx/a',
      'https://example.com/',
      'ftp://e.com/en/a',
    ])
      expect(localeOfLoc(no)).toBeNull();
  });
});

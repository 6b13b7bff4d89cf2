/**
 * Builders for tests of the diagram (core and page): branches, trees and
 * sitemaps.org's shape, without going through rows. Not used by the app.
 */
import type { DiagramNode } from './diagram-levels';
import type { BoxPage, DiagramBranch } from './diagram-pages';

/** A branch of a level: its key, URL count, and whether rows lie deeper. */
export function branchNode(
  key: string,
  urls = 1,
  hasChildren = false,
  box: Partial<BoxPage> | null = null,
): DiagramBranch {
  return {
    key,
    label: key.slice(key.lastIndexOf('/') + 1),
    urls,
    problems: 0,
    errors: 0,
    warnings: 0,
    newestLastmod: '',
    hasChildren,
    page: box ? 0 : -1,
    box: box && { id: 1, loc: key, title: '', titleSource: '', plan: null, ...box },
  };
}

/** A box of the drawn tree, open over its children when it has any. */
export function branchBox(key: string, children: DiagramNode[] = [], box: Partial<BoxPage> | null = null): DiagramNode {
  const node = branchNode(key, 1 + children.length, children.length > 0, box);
  return { kind: 'branch', key, node, expanded: children.length > 0, children };
}

/** sitemaps.org's own sitemap: its three pages, and its twenty languages of four pages each. */
export const SITEMAPS_ORG = {
  pages: ['protocol.html', 'faq.html', 'terms.html'],
  languages: 'da de en_GB es fi fr it ja ko nl no pl pt_BR ro ru sv tr zh_CN zh_HK zh_TW'.split(' '),
};

/** sitemaps.org's 84 locs under a host. */
export function sitemapsOrgLocs(host: string): string[] {
  const { pages, languages } = SITEMAPS_ORG;
  const locs = [`${host}/`, ...pages.map((p) => `${host}/${p}`)];
  for (const l of languages) locs.push(`${host}/${l}/`, ...pages.map((p) => `${host}/${l}/${p}`)); // spread-ok: the fixture's few pages
  return locs;
}

import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { repairExtensions } from '../rules/elements/extensions';
import { extEqual, formatExt } from '../compare/ext-compare';
import { canonicalKey } from '../fix/ext-canonical';
import { planFixes } from '../fix/plan-fixes';
import { restoreSet, snapshotSet } from '../persist/document-snapshot';
import { MAX_EXT_DEPTH } from '../rules/elements/elements-rules';
import { ruleFor } from '../rules/registry';
import { emptySet } from '../read/sitemap-set';
import type { ExtElement } from './types';
import { IMAGE_NS, textOf } from './ext-read';
import { allText, foldExt, sameExtNode } from './ext-walk';

function chain(depth: number, leaf = 't'): ExtElement {
  let inner: ExtElement = { ns: 'urn:x', prefix: 'x', name: 'a', attrs: [], children: [leaf] };
  for (let k = 1; k < depth; k++) inner = { ns: 'urn:x', prefix: 'x', name: 'a', attrs: [], children: ['-', inner] };
  return inner;
}

/**
 * Issue 34: one entry nested about 1,000 levels deep made autosave fail,
 * from 1,500 the export. Files are read to MAX_EXT_DEPTH levels, but rows
 * also come from saved sessions and edits: every walk over a row's trees
 * takes any depth (20,000 here, far past what a call stack holds).
 */
describe('every path over extension trees takes any depth', () => {
  const DEEP = 20_000;
  const a = chain(DEEP);
  const b = chain(DEEP);
  const c = chain(DEEP, 'u');

  it('reads text, folds, compares', () => {
    expect(allText(a)).toBe('-'.repeat(DEEP - 1) + 't');
    expect(textOf(a)).toBe('-'.repeat(DEEP - 1) + 't');
    expect(
      foldExt(
        a,
        () => 0,
        (_el, kids) => kids.length,
      ),
    ).toBe(2);
    expect(sameExtNode(a, b)).toBe(true);
    expect(sameExtNode(a, c)).toBe(false);
    expect(extEqual([a], [b])).toBe(true);
    expect(extEqual([a], [c])).toBe(false);
  });

  it('formats for a CSV cell and keys for merging', () => {
    expect(formatExt([a]).length).toBeGreaterThan(DEEP * 10);
    expect(canonicalKey(a)).toBe(canonicalKey(b));
    expect(canonicalKey(a)).not.toBe(canonicalKey(c));
  });

  it('checks, fixes and merges duplicate rows holding such trees', () => {
    const set = emptySet();
    const image: ExtElement = {
      ns: IMAGE_NS,
      prefix: 'image',
      name: 'image',
      attrs: [],
      // Out of schema order (fixable) and a deep unknown child left as it is.
      children: [
        { ns: IMAGE_NS, prefix: 'image', name: 'caption', attrs: [], children: ['c'] },
        { ns: IMAGE_NS, prefix: 'image', name: 'loc', attrs: [], children: ['https://example.com/i.png'] },
      ],
    };
    set.rows.push({ loc: 'https://example.com/a', lastmod: '', changefreq: '', priority: '', ext: [a, image] });
    set.rows.push({ loc: 'https://example.com/a', lastmod: '', changefreq: '', priority: '', ext: [b] });
    const result = checkSet(set);
    expect(result.byCode['loc-duplicate']).toBe(2);
    const plan = planFixes(set, result, 'all');
    expect(plan.removeRows).toHaveLength(1);
    const repaired = repairExtensions([a, image]);
    expect(repaired[0]).toBe(a);
  });
});

describe('a tree at the reader’s cap survives a save and a restore', () => {
  it('is cloned (as IndexedDB and postMessage clone it) and restored whole', () => {
    const set = importText(
      urlset(
        `<url><loc>https://example.com/a</loc>${'<x:a>'.repeat(MAX_EXT_DEPTH)}t${'</x:a>'.repeat(MAX_EXT_DEPTH)}</url>`,
        ' xmlns:x="urn:x"',
      ),
    );
    const saved = structuredClone(snapshotSet(set, '', 0));
    const back = restoreSet(saved);
    expect(sameExtNode(back.rows.ext[0]?.[0] as ExtElement, set.rows.ext[0]?.[0] as ExtElement)).toBe(true);
  });

  it('names the cap in the rule’s title', () => {
    expect(ruleFor('ext-too-deep').title).toContain(String(MAX_EXT_DEPTH));
  });
});

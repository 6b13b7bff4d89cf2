import { describe, expect, it } from 'vitest';
import type { DiagramBranch, DiagramLevel } from '../../core/view/diagram-pages';
import { branchNode, SITEMAPS_ORG } from '../../core/view/diagram-test-helpers';
import { FONT } from './box-scene';
import { layoutDiagram, type LayoutOptions } from './layout';
import {
  cappedTree,
  detailAt,
  FULL_K,
  fitScale,
  READABLE_PX,
  readableCut,
  sectionLabels,
  TITLE_K,
  type CutInput,
} from './level-of-detail';
import { translatorFor } from '../../i18n/catalogues';

const en = translatorFor('en');

const H = 'https://www.example.com';

const node = branchNode;

const level = (children: DiagramBranch[], omitted = 0): DiagramLevel => ({ children, omitted, omittedUrls: omitted });

/** sitemaps.org's shape, every level counted and open. */
function sitemapsOrg(): { levels: Map<string, DiagramLevel>; expanded: Set<string> } {
  const { pages, languages: langs } = SITEMAPS_ORG;
  const levels = new Map<string, DiagramLevel>([
    ['', level([node(H, 84, true)])],
    [H, level([...langs.map((l) => node(`${H}/${l}`, 4, true)), ...pages.map((p) => node(`${H}/${p}`, 1))])],
  ]);
  for (const l of langs) levels.set(`${H}/${l}`, level(pages.map((p) => node(`${H}/${l}/${p}`, 1))));
  return { levels, expanded: new Set([H, ...langs.map((l) => `${H}/${l}`)]) };
}

const TOP_DOWN: LayoutOptions = { orientation: 'top-down', aspect: 930 / 580 };

function fitsAt(input: CutInput, cut: ReturnType<typeof readableCut>): number {
  const tree = cappedTree(input.levels, cut.expanded, cut.caps);
  return fitScale(layoutDiagram(tree!, input.layout), input.viewport.width, input.viewport.height);
}

describe('level of detail', () => {
  it('draws no text under 10 px: titles from the zoom that makes them 10 px, every line from the smallest one', () => {
    expect(TITLE_K * Math.min(FONT.title, FONT.count)).toBeCloseTo(READABLE_PX);
    expect(FULL_K * Math.min(FONT.line, FONT.small)).toBeCloseTo(READABLE_PX);
    expect([detailAt(0.3), detailAt(TITLE_K), detailAt(0.8), detailAt(FULL_K), detailAt(2)]).toEqual([
      'none',
      'title',
      'title',
      'full',
      'full',
    ]);
  });

  it('at Fit, closes the deepest branches until the titles can be read (sitemaps.org in a 930 × 580 window)', () => {
    const { levels, expanded } = sitemapsOrg();
    const input: CutInput = {
      levels,
      expanded,
      caps: new Map(),
      layout: TOP_DOWN,
      viewport: { width: 930, height: 580 },
    };
    const whole = cappedTree(levels, expanded, new Map());
    expect(fitScale(layoutDiagram(whole!, TOP_DOWN), 930, 580)).toBeLessThan(TITLE_K);
    const cut = readableCut(input);
    expect([...cut.expanded]).toEqual([H]);
    expect(cut.caps.size).toBe(0);
    expect(fitsAt(input, cut)).toBeGreaterThanOrEqual(TITLE_K);
  });

  it('keeps everything open when the window is large enough', () => {
    const { levels, expanded } = sitemapsOrg();
    const input: CutInput = {
      levels,
      expanded,
      caps: new Map(),
      layout: TOP_DOWN,
      viewport: { width: 2600, height: 1600 },
    };
    expect(readableCut(input).expanded).toEqual(expanded);
  });

  it('cuts a level too wide for the window to the branches that fit, the rest in "N more"', () => {
    const wide = new Map<string, DiagramLevel>([
      ['', level([node(H, 100_000, true)])],
      [
        H,
        level(
          Array.from({ length: 60 }, (_, i) => node(`${H}/p${i}`, 1)),
          99_940,
        ),
      ],
    ]);
    const input: CutInput = {
      levels: wide,
      expanded: new Set([H]),
      caps: new Map(),
      layout: TOP_DOWN,
      viewport: { width: 600, height: 400 },
    };
    const cut = readableCut(input);
    const cap = cut.caps.get(H) as number;
    expect(cap).toBeGreaterThan(1);
    expect(cap).toBeLessThan(60);
    expect(fitsAt(input, cut)).toBeGreaterThanOrEqual(TITLE_K);
    // One more box would not fit.
    expect(fitsAt(input, { ...cut, caps: new Map([[H, cap + 1]]) })).toBeLessThan(TITLE_K);
    const tree = cappedTree(wide, cut.expanded, cut.caps);
    expect(tree?.children.at(-1)).toMatchObject({ kind: 'more', omitted: 99_940 + 60 - cap });
  });

  it('names the sections at a fixed size on the screen when zoomed out past the titles', () => {
    const { levels, expanded } = sitemapsOrg();
    const layout = layoutDiagram(cappedTree(levels, expanded, new Map())!, TOP_DOWN);
    expect(sectionLabels(layout, 0.8, en)).toEqual([]);
    const labels = sectionLabels(layout, 0.2, en);
    expect(labels[0]).toMatchObject({ key: H, text: 'www.example.com • 84 URLs' });
    expect(labels.slice(1).map((l) => l.key)).toHaveLength(20);
    for (const l of labels) expect(l.size * 0.2).toBeCloseTo(13);
  });
});

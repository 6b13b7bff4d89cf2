/*
 * Level of detail: what a box shows at a zoom, and what Fit closes so that
 * every word drawn at Fit is readable. No text under READABLE_PX pixels on
 * screen is ever drawn: zoomed out past the titles, the boxes are bare and
 * the sections are named by labels of a fixed size on the screen; at Fit,
 * branches too deep to be read are closed into section boxes (a title and a
 * count), and a level too wide keeps its biggest branches and an "N more" box.
 */
import { diagramTree, type DiagramNode } from '../../core/view/diagram-levels';
import type { DiagramLevel } from '../../core/view/diagram-pages';
import { branchAncestors } from '../../core/text/url-branches';
import { boxTitle, FONT, type Detail } from './box-scene';
import { layoutDiagram, type DiagramLayout, type LayoutOptions, type PlacedBox } from './layout';
import { fitText } from './text-fit';
import type { Translator } from '../../i18n/translator';

/** The smallest text drawn, in CSS pixels on the screen. */
export const READABLE_PX = 10;
/** The zoom from which the titles (and a section's count) are drawn, and from which every line is. */
export const TITLE_K = READABLE_PX / Math.min(FONT.title, FONT.count);
export const FULL_K = READABLE_PX / Math.min(FONT.line, FONT.small);
/** A section's label when zoomed out past the titles, in CSS pixels on the screen. */
const SECTION_PX = 13;

export function detailAt(k: number): Detail {
  return k >= FULL_K ? 'full' : k >= TITLE_K ? 'title' : 'none';
}

/** The zoom that fits a drawing in a viewport, never larger than life. */
export function fitScale(size: { width: number; height: number }, vw: number, vh: number): number {
  return Math.min(vw / size.width, vh / size.height, 1);
}

export interface Cut {
  /** The branches left open. */
  expanded: Set<string>;
  /** Per level, the boxes shown before its "N more" box, where Fit cut it further than the worker did. */
  caps: Map<string, number>;
}

/** The levels and open branches as the page holds them, and what laying them out needs. */
export interface CutInput {
  levels: ReadonlyMap<string, DiagramLevel>;
  expanded: ReadonlySet<string>;
  caps: ReadonlyMap<string, number>;
  layout: LayoutOptions;
  viewport: { width: number; height: number };
}

/** The tree the diagram draws: {@link diagramTree} with the levels cut to their caps. */
export function cappedTree(
  levels: ReadonlyMap<string, DiagramLevel>,
  expanded: ReadonlySet<string>,
  caps: ReadonlyMap<string, number>,
): DiagramNode | null {
  if (caps.size === 0) return diagramTree(levels, expanded);
  const cut = new Map(levels);
  for (const [key, cap] of caps) {
    const level = levels.get(key);
    if (level && level.children.length > cap) cut.set(key, capLevel(level, cap));
  }
  return diagramTree(cut, expanded);
}

function capLevel(level: DiagramLevel, cap: number): DiagramLevel {
  let omittedUrls = level.omittedUrls;
  for (let k = cap; k < level.children.length; k++) omittedUrls += level.children[k]?.urls ?? 0;
  return {
    children: level.children.slice(0, cap),
    omitted: level.omitted + level.children.length - cap,
    omittedUrls,
  };
}

/**
 * What Fit shows: the open branches, closed from the deepest up until the
 * drawing fits the viewport at a zoom where titles are readable; if even
 * the first level does not fit, its widest levels keep as many branches as
 * fit (the rest in "N more"). Each try is a layout of at most a few
 * thousand boxes (a few ms).
 */
export function readableCut(input: CutInput): Cut {
  const { levels, layout, viewport } = input;
  const expanded = new Set(input.expanded);
  const caps = new Map(input.caps);
  const fits = () => {
    const tree = cappedTree(levels, expanded, caps);
    if (!tree) return true;
    return fitScale(layoutDiagram(tree, layout), viewport.width, viewport.height) >= TITLE_K;
  };
  if (viewport.width <= 0 || viewport.height <= 0) return { expanded, caps };
  const topOpen = topBranches(levels);
  while (!fits()) {
    // The deepest open branches that are drawn (their parents open), closed together.
    let deepest = -1;
    for (const key of expanded) if (!topOpen.has(key)) deepest = Math.max(deepest, depthOf(key));
    if (deepest < 0) break;
    for (const key of [...expanded]) if (!topOpen.has(key) && depthOf(key) === deepest) expanded.delete(key);
  }
  if (fits()) return { expanded, caps };
  // The first level alone is too wide: keep as many of its branches as fit (halving, then narrowing down).
  for (const key of topOpen) {
    const level = levels.get(key);
    if (!level || level.children.length <= 1) continue;
    let lo = 1;
    let hi = Math.min(level.children.length, caps.get(key) ?? level.children.length);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      caps.set(key, mid);
      if (fits()) lo = mid;
      else hi = mid - 1;
    }
    caps.set(key, lo);
  }
  return { expanded, caps };
}

/** The levels the drawing starts with: the top ('' under a root) and a lone host's; never closed by Fit. */
function topBranches(levels: ReadonlyMap<string, DiagramLevel>): Set<string> {
  const top = levels.get('');
  const out = new Set<string>(['']);
  if (top && top.children.length === 1 && top.omitted === 0) out.add((top.children[0] as { key: string }).key);
  return out;
}

function depthOf(key: string): number {
  return branchAncestors(key).length;
}

/** A section named while zoomed out past the titles: a block of the drawing and its label, in diagram units. */
export interface SectionLabel {
  key: string;
  x: number;
  y: number;
  w: number;
  h: number;
  size: number;
  text: string;
}

/**
 * The sections to name when the boxes are too small for their titles: the
 * top box, and each branch of the first level whose block holds more than
 * its box, labelled at {@link SECTION_PX} on the screen whatever the zoom,
 * cut to the block's width.
 */
export function sectionLabels(layout: DiagramLayout, k: number, words: Translator): SectionLabel[] {
  if (detailAt(k) !== 'none' || layout.boxes.length === 0) return [];
  const size = SECTION_PX / k;
  const out: SectionLabel[] = [];
  const top = layout.boxes[0] as PlacedBox;
  const topDepth = top.depth;
  for (const b of layout.boxes) {
    const first = b.depth === topDepth + 1 && b.node.children.length > 0;
    if (b !== top && !first) continue;
    const urls = b.node.kind === 'branch' ? b.node.node.urls : b.node.kind === 'root' ? b.node.urls : 0;
    const label = `${boxTitle(b.node, words)} • ${words.t('box.urls', { count: urls })}`;
    const text = fitText(label, size, b.blockW - 4 / k);
    if (text === '' || text === '…') continue;
    out.push({ key: b.node.key, x: b.blockX, y: b.blockY, w: b.blockW, h: b.blockH, size, text });
  }
  return out;
}

import { hierarchy, tree } from 'd3-hierarchy';
import type { DiagramNode } from '../../core/view/diagram-levels';

/** A box's size and the gaps between boxes, in the diagram's own units (CSS pixels at zoom 1). */
export const BOX_W = 220;
export const BOX_H = 80;
const GAP_X = 56;
const GAP_Y = 14;
/** Room above the boxes for the title, the date and the legend (they are part of the picture). */
export const HEADER_H = 76;
const MARGIN = 20;

/** A box placed: its top-left corner. */
export interface PlacedBox {
  node: DiagramNode;
  x: number;
  y: number;
  depth: number;
}

/** A line from a parent box's right edge to a child box's left edge. */
export interface PlacedLink {
  key: string;
  d: string;
}

export interface DiagramLayout {
  boxes: PlacedBox[];
  links: PlacedLink[];
  width: number;
  height: number;
}

/**
 * Places the boxes left to right by depth with d3-hierarchy's tidy tree
 * (Reingold–Tilford): siblings never overlap, and a parent sits at the
 * middle of its children. Boxes come depth first (a box, then its branches), the
 * order Tab goes through them.
 */
export function layoutDiagram(root: DiagramNode): DiagramLayout {
  const h = hierarchy<DiagramNode>(root, (n) => n.children);
  const placed = tree<DiagramNode>().nodeSize([BOX_H + GAP_Y, BOX_W + GAP_X])(h);
  let minX = Infinity;
  let maxX = -Infinity;
  let maxY = 0;
  placed.each((n) => {
    minX = Math.min(minX, n.x);
    maxX = Math.max(maxX, n.x);
    maxY = Math.max(maxY, n.y);
  });
  // d3's x runs across the levels (drawn vertically here), its y along the depth.
  const top = HEADER_H + MARGIN - minX;
  const boxes: PlacedBox[] = [];
  placed.eachBefore((n) => boxes.push({ node: n.data, x: MARGIN + n.y, y: top + n.x, depth: n.depth }));
  const links: PlacedLink[] = placed.links().map(({ source, target }) => {
    const x1 = MARGIN + source.y + BOX_W;
    const y1 = top + source.x + BOX_H / 2;
    const x2 = MARGIN + target.y;
    const y2 = top + target.x + BOX_H / 2;
    const mid = x1 + (x2 - x1) / 2;
    return { key: target.data.key, d: `M${x1},${y1}H${mid}V${y2}H${x2}` };
  });
  return {
    boxes,
    links,
    width: Math.max(MARGIN * 2 + maxY + BOX_W, 640),
    height: HEADER_H + MARGIN * 2 + (maxX - minX) + BOX_H,
  };
}

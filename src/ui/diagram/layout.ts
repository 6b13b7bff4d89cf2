import { hierarchy, type HierarchyNode } from 'd3-hierarchy';
import type { DiagramNode } from '../../core/view/diagram-levels';

/*
 * The board's layout: an org chart whose wide levels wrap into rows. Each
 * branch is a block (its box, then its children's blocks below it, flowed
 * into rows as words into lines, each row as wide as makes the block closest
 * to the shape asked for), and the leaves of a parent stack in columns beside
 * a rail, as Octopus and Slickplan draw them; blocks never overlap, since each
 * lies in its own rectangle. Left to right is the same with the axes
 * swapped (the leaves are then a column already, so they are not stacked).
 *
 * Neither d3-hierarchy's tidy tree (Reingold–Tilford) nor elkjs wraps a
 * level: both put the 60 branches of a level in one line (elkjs's mrtree and
 * layered, measured: 84 boxes of sitemaps.org 12,152 × 712 px, 2,000 boxes
 * 358,700 px wide, 0.7–2.0 s, 480 KB gzipped). d3-hierarchy builds the tree
 * and walks it (iteratively: a site's depth is the input's).
 */

/** A box's size and the gaps between boxes, in the diagram's own units (CSS pixels at zoom 1). */
export const BOX_W = 196;
export const BOX_H = 76;
/** Between two blocks of a row. */
const GAP_MAIN = 14;
/** From a box to its children's first row, and between rows (the lines run in it). */
const GAP_CROSS = 30;
/** Between two stacked leaves, and the rail's room at their left. */
const STACK_GAP = 8;
const RAIL = 16;
/** Room for the trunk that reaches the rows below the first. */
const TRUNK_PAD = 16;
/** Room above the boxes for the title, the date and the legend (in a downloaded picture). */
export const HEADER_H = 76;
const MARGIN = 16;

export type Orientation = 'top-down' | 'left-right';

export interface LayoutOptions {
  orientation: Orientation;
  /** The width ÷ height the drawing should come closest to (the window's, or a page's). */
  aspect: number;
  /** Leave room at the top for the title, the date and the legend. */
  header?: boolean;
}

/** A box placed: its top-left corner. */
export interface PlacedBox {
  node: DiagramNode;
  x: number;
  y: number;
  depth: number;
  /** The corner of its block: its box and everything below it, whose size is `blockW` × `blockH`. */
  blockX: number;
  blockY: number;
  blockW: number;
  blockH: number;
}

/** The lines from a parent to its children (one path a parent). */
interface PlacedLink {
  key: string;
  d: string;
}

export interface DiagramLayout {
  boxes: PlacedBox[];
  links: PlacedLink[];
  width: number;
  height: number;
  orientation: Orientation;
}

/** A size or a place along the rows (main) and across them (cross): x and y top down, y and x left to right. */
interface MC {
  m: number;
  c: number;
}

/** What the first walk finds of a branch: its block's size, its box's place in it, its children's places and lines. */
interface Block {
  size: MC;
  box: MC;
  /** Each child's place in this block: a branch's block corner, a stacked leaf's box corner. */
  at: Map<HierarchyNode<DiagramNode>, MC>;
  /** The lines, as segments in block coordinates. */
  lines: [MC, MC][];
}

/** An item of a row: a branch's block, or a column of stacked leaves. */
interface Item {
  size: MC;
  /** Where the row's line comes down into it (the middle of its box, or the top of the rail). */
  entry: number;
  place: (at: MC, block: Block) => void;
}

/**
 * Places the boxes (see the top comment). Boxes come depth first (a box,
 * then its branches), the order Tab goes through them.
 */
export function layoutDiagram(root: DiagramNode, opts: LayoutOptions): DiagramLayout {
  const down = opts.orientation === 'top-down';
  const box: MC = down ? { m: BOX_W, c: BOX_H } : { m: BOX_H, c: BOX_W };
  // The shape asked for, as main ÷ cross.
  const shape = down ? opts.aspect : 1 / opts.aspect;
  const h = hierarchy<DiagramNode>(root, (n) => n.children);
  const blocks = new Map<HierarchyNode<DiagramNode>, Block>();

  h.eachAfter((n) => {
    const kids = n.children ?? [];
    if (kids.length === 0) {
      blocks.set(n, { size: { ...box }, box: { m: 0, c: 0 }, at: new Map(), lines: [] });
      return;
    }
    const items: Item[] = [];
    const leaves: HierarchyNode<DiagramNode>[] = [];
    for (const k of kids) {
      if (down && !k.children) {
        leaves.push(k);
        continue;
      }
      const b = blocks.get(k) as Block;
      items.push({
        size: b.size,
        entry: b.box.m + box.m / 2,
        place: (at, block) => block.at.set(k, at),
      });
    }
    if (leaves.length > 0) for (const s of stacks(leaves, box, shape)) items.push(s);
    blocks.set(n, flow(items, box, shape));
  });

  const boxes: PlacedBox[] = [];
  const links: PlacedLink[] = [];
  const origin = new Map<HierarchyNode<DiagramNode>, MC>();
  const top = MARGIN + (opts.header ? HEADER_H : 0);
  origin.set(h, down ? { m: MARGIN, c: top } : { m: top, c: MARGIN });
  const xy = (p: MC) => (down ? { x: p.m, y: p.c } : { x: p.c, y: p.m });
  let maxX = 0;
  let maxY = 0;
  h.eachBefore((n) => {
    const o = origin.get(n) as MC;
    const b = blocks.get(n) as Block;
    for (const [child, at] of b.at) origin.set(child, { m: o.m + at.m, c: o.c + at.c });
    const corner = xy({ m: o.m + b.box.m, c: o.c + b.box.c });
    const blockCorner = xy(o);
    const blockSize = xy(b.size);
    boxes.push({
      node: n.data,
      x: corner.x,
      y: corner.y,
      depth: n.depth,
      blockX: blockCorner.x,
      blockY: blockCorner.y,
      blockW: blockSize.x,
      blockH: blockSize.y,
    });
    maxX = Math.max(maxX, blockCorner.x + blockSize.x);
    maxY = Math.max(maxY, blockCorner.y + blockSize.y);
    if (b.lines.length > 0) {
      const d = b.lines
        .map(([p, q]) => {
          const a = xy({ m: o.m + p.m, c: o.c + p.c });
          const z = xy({ m: o.m + q.m, c: o.c + q.c });
          return `M${r(a.x)},${r(a.y)}L${r(z.x)},${r(z.y)}`;
        })
        .join('');
      links.push({ key: n.data.key, d });
    }
  });
  return {
    boxes,
    links,
    width: Math.ceil(maxX + MARGIN),
    height: Math.ceil(maxY + MARGIN),
    orientation: opts.orientation,
  };
}

/** A coordinate as written in a path: a tenth of a unit is plenty. */
function r(v: number): number {
  return Math.round(v * 10) / 10;
}

/**
 * A parent's leaves in columns beside a rail, each column an item of the
 * rows: about as many a column as makes the stacks together the shape asked for.
 */
function stacks(leaves: HierarchyNode<DiagramNode>[], box: MC, shape: number): Item[] {
  const colMain = RAIL + box.m + GAP_MAIN;
  const rowCross = box.c + STACK_GAP;
  const perColumn = Math.max(
    1,
    Math.min(leaves.length, Math.ceil(Math.sqrt((leaves.length * colMain) / (shape * rowCross)))),
  );
  const items: Item[] = [];
  for (let from = 0; from < leaves.length; from += perColumn) {
    const column = leaves.slice(from, from + perColumn);
    const last = column.length - 1;
    items.push({
      size: { m: RAIL + box.m, c: column.length * box.c + last * STACK_GAP },
      entry: RAIL / 2,
      place: (at, block) => {
        column.forEach((leaf, j) => {
          const c = at.c + j * rowCross;
          block.at.set(leaf, { m: at.m + RAIL, c });
          // The rail, and a stub from it to each box.
          block.lines.push([
            { m: at.m + RAIL / 2, c: c + box.c / 2 },
            { m: at.m + RAIL, c: c + box.c / 2 },
          ]);
        });
        block.lines.push([
          { m: at.m + RAIL / 2, c: at.c },
          { m: at.m + RAIL / 2, c: at.c + last * rowCross + box.c / 2 },
        ]);
      },
    });
  }
  return items;
}

/**
 * A branch's block: its box, and below it its children's items flowed into
 * rows. Every row width that breaks the line at an item is tried; the one
 * whose block comes closest to the shape asked for (the largest scale at
 * which it fits a rectangle of that shape) wins.
 */
function flow(items: Item[], box: MC, shape: number): Block {
  let best: { rows: Item[][]; score: number } | null = null;
  let width = 0;
  for (let k = 0; k < items.length; k++) {
    width += (k > 0 ? GAP_MAIN : 0) + (items[k] as Item).size.m;
    const rows = breakRows(items, width);
    const { m, c } = blockSize(rows, box);
    const score = Math.min(shape / m, 1 / c);
    if (best === null || score > best.score) best = { rows, score };
    // One row: wider rows change nothing.
    if (rows.length === 1) break;
  }
  const rows = (best as { rows: Item[][] }).rows;
  const size = blockSize(rows, box);
  const pad = rows.length > 1 ? TRUNK_PAD : 0;
  const areaMain = pad + widest(rows);
  const block: Block = { size, box: { m: (size.m - box.m) / 2, c: 0 }, at: new Map(), lines: [] };
  const areaStart = (size.m - areaMain) / 2;
  const stem = block.box.m + box.m / 2;
  const trunk = areaStart + pad / 2;
  let c = box.c + GAP_CROSS;
  let firstBus = 0;
  rows.forEach((row, r) => {
    const bus = c - GAP_CROSS / 2;
    if (r === 0) firstBus = bus;
    let m = areaStart + pad;
    let lo = r === 0 ? stem : trunk;
    let hi = lo;
    if (r === 0 && rows.length > 1) lo = Math.min(lo, trunk);
    let rowCross = 0;
    for (const item of row) {
      item.place({ m, c }, block);
      const entry = m + item.entry;
      block.lines.push([
        { m: entry, c: bus },
        { m: entry, c },
      ]);
      lo = Math.min(lo, entry);
      hi = Math.max(hi, entry);
      m += item.size.m + GAP_MAIN;
      rowCross = Math.max(rowCross, item.size.c);
    }
    block.lines.push([
      { m: lo, c: bus },
      { m: hi, c: bus },
    ]);
    if (r === rows.length - 1 && r > 0)
      block.lines.push([
        { m: trunk, c: firstBus },
        { m: trunk, c: bus },
      ]);
    c += rowCross + GAP_CROSS;
  });
  block.lines.push([
    { m: stem, c: box.c },
    { m: stem, c: firstBus },
  ]);
  return block;
}

/** Items in rows no wider than `width` (a row holds one item at least). */
function breakRows(items: Item[], width: number): Item[][] {
  const rows: Item[][] = [];
  let row: Item[] = [];
  let used = 0;
  for (const item of items) {
    const add = (row.length > 0 ? GAP_MAIN : 0) + item.size.m;
    if (row.length > 0 && used + add > width) {
      rows.push(row);
      row = [];
      used = 0;
    }
    used += (row.length > 0 ? GAP_MAIN : 0) + item.size.m;
    row.push(item);
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

function widest(rows: Item[][]): number {
  let w = 0;
  for (const row of rows)
    w = Math.max(
      w,
      row.reduce((s, it, k) => s + (k > 0 ? GAP_MAIN : 0) + it.size.m, 0),
    );
  return w;
}

/** The block of a box over these rows. */
function blockSize(rows: Item[][], box: MC): MC {
  const pad = rows.length > 1 ? TRUNK_PAD : 0;
  let cross = box.c;
  for (const row of rows) cross += GAP_CROSS + row.reduce((s, it) => Math.max(s, it.size.c), 0);
  return { m: Math.max(box.m, pad + widest(rows)), c: cross };
}

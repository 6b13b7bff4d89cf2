import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DiagramNode } from '../../core/view/diagram-levels';
import { branchBox, SITEMAPS_ORG } from '../../core/view/diagram-test-helpers';
import { BOX_H, BOX_W, HEADER_H, layoutDiagram, type DiagramLayout, type Orientation, type PlacedBox } from './layout';

const H = 'https://www.example.com';

const branch = (key: string, children: DiagramNode[] = []) => branchBox(key, children);

/** sitemaps.org's own sitemap: the home page, three pages and twenty languages of four pages each. */
function sitemapsOrg(): DiagramNode {
  const { pages, languages } = SITEMAPS_ORG;
  return branch(H, [
    ...languages.map((l) =>
      branch(
        `${H}/${l}`,
        pages.map((p) => branch(`${H}/${l}/${p}`)),
      ),
    ),
    ...pages.map((p) => branch(`${H}/${p}`)),
  ]);
}

function overlap(a: PlacedBox, b: PlacedBox): boolean {
  return a.x < b.x + BOX_W && b.x < a.x + BOX_W && a.y < b.y + BOX_H && b.y < a.y + BOX_H;
}

function parentsOf(layout: DiagramLayout): Map<string, PlacedBox> {
  const byKey = new Map(layout.boxes.map((b) => [b.node.key, b]));
  const out = new Map<string, PlacedBox>();
  for (const b of layout.boxes) for (const c of b.node.children) out.set(c.key, byKey.get(b.node.key) as PlacedBox);
  return out;
}

function expectNoOverlap(layout: DiagramLayout): void {
  const boxes = [...layout.boxes].sort((a, b) => a.x - b.x);
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i] as PlacedBox;
    for (let j = i + 1; j < boxes.length && (boxes[j] as PlacedBox).x < a.x + BOX_W; j++)
      expect(overlap(a, boxes[j] as PlacedBox), `${a.node.key} / ${(boxes[j] as PlacedBox).node.key}`).toBe(false);
  }
  for (const b of layout.boxes) {
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.x + BOX_W).toBeLessThanOrEqual(layout.width);
    expect(b.y + BOX_H).toBeLessThanOrEqual(layout.height);
  }
}

/** A random tree of up to ~300 boxes, some wide, some deep. */
const trees = fc.array(fc.tuple(fc.nat(40), fc.nat(6)), { minLength: 1, maxLength: 300 }).map((spec) => {
  const root = branch(H);
  const all: DiagramNode[] = [root];
  spec.forEach(([parent, _], k) => {
    const p = all[parent % all.length] as DiagramNode & { kind: 'branch' };
    const child = branch(`${p.key}/n${k}`);
    p.children.push(child);
    p.expanded = true;
    p.node.hasChildren = true;
    all.push(child);
  });
  return root;
});

describe('layoutDiagram, top down', () => {
  it('puts the home page at the top and every child below its parent', () => {
    const layout = layoutDiagram(sitemapsOrg(), { orientation: 'top-down', aspect: 1.6 });
    expect(layout.boxes).toHaveLength(84);
    const home = layout.boxes[0] as PlacedBox;
    expect(home.node.key).toBe(H);
    expect(Math.min(...layout.boxes.map((b) => b.y))).toBe(home.y);
    for (const [key, parent] of parentsOf(layout)) {
      const child = layout.boxes.find((b) => b.node.key === key) as PlacedBox;
      expect(child.y, key).toBeGreaterThanOrEqual(parent.y + BOX_H);
    }
    expectNoOverlap(layout);
  });

  it('wraps a wide level into rows: 21 branches and three pages fit a screen-shaped block', () => {
    const layout = layoutDiagram(sitemapsOrg(), { orientation: 'top-down', aspect: 1366 / 700 });
    const aspect = layout.width / layout.height;
    expect(aspect).toBeGreaterThan(1);
    expect(aspect).toBeLessThan(4);
    const tops = new Set(layout.boxes.filter((b) => b.depth === 1).map((b) => b.y));
    expect(tops.size).toBeGreaterThan(1);
    // A level of 60 pages: a grid, not one line 60 boxes wide.
    const flat = layoutDiagram(
      branch(
        H,
        Array.from({ length: 60 }, (_, i) => branch(`${H}/p${i}`)),
      ),
      { orientation: 'top-down', aspect: 1.6 },
    );
    expect(flat.width).toBeLessThan(12 * (BOX_W + 40));
    expect(flat.width / flat.height).toBeGreaterThan(0.8);
    expect(flat.width / flat.height).toBeLessThan(3);
    expectNoOverlap(flat);
  });

  it('leaves room for the header when asked', () => {
    const plain = layoutDiagram(sitemapsOrg(), { orientation: 'top-down', aspect: 1.6 });
    const headed = layoutDiagram(sitemapsOrg(), { orientation: 'top-down', aspect: 1.6, header: true });
    expect((headed.boxes[0] as PlacedBox).y - (plain.boxes[0] as PlacedBox).y).toBe(HEADER_H);
    expect(headed.height - plain.height).toBe(HEADER_H);
  });
});

describe('layoutDiagram, left to right', () => {
  it('puts every child right of its parent, a level of 60 wrapped into columns', () => {
    const layout = layoutDiagram(sitemapsOrg(), { orientation: 'left-right', aspect: 1.6 });
    for (const [key, parent] of parentsOf(layout)) {
      const child = layout.boxes.find((b) => b.node.key === key) as PlacedBox;
      expect(child.x, key).toBeGreaterThanOrEqual(parent.x + BOX_W);
    }
    expectNoOverlap(layout);
    const flat = layoutDiagram(
      branch(
        H,
        Array.from({ length: 60 }, (_, i) => branch(`${H}/p${i}`)),
      ),
      { orientation: 'left-right', aspect: 1.6 },
    );
    expect(flat.height).toBeLessThan(20 * BOX_H);
    expectNoOverlap(flat);
  });
});

describe('layoutDiagram on any tree', () => {
  it.each<Orientation>(['top-down', 'left-right'])(
    'never overlaps two boxes and keeps children past their parent (%s)',
    (o) => {
      fc.assert(
        fc.property(trees, fc.double({ min: 0.5, max: 3, noNaN: true }), (root, aspect) => {
          const layout = layoutDiagram(root, { orientation: o, aspect });
          expectNoOverlap(layout);
          for (const [key, parent] of parentsOf(layout)) {
            const child = layout.boxes.find((b) => b.node.key === key) as PlacedBox;
            if (o === 'top-down') expect(child.y).toBeGreaterThanOrEqual(parent.y + BOX_H);
            else expect(child.x).toBeGreaterThanOrEqual(parent.x + BOX_W);
          }
        }),
        { numRuns: 60 },
      );
    },
  );

  it('lays out a chain 1,500 deep without recursion', () => {
    let node = branch(`${H}/${'a/'.repeat(1500)}x`);
    for (let d = 1499; d >= 0; d--) node = branch(`${H}/${'a/'.repeat(d)}x`, [node]);
    const layout = layoutDiagram(node, { orientation: 'top-down', aspect: 1.6 });
    expect(layout.boxes).toHaveLength(1501);
  });
});

import { describe, expect, it } from 'vitest';
import type { DiagramNode } from '../../core/view/diagram-levels';
import type { TreeNode } from '../../core/view/tree';
import { BOX_H, BOX_W, HEADER_H, layoutDiagram } from './layout';

const H = 'https://www.example.com';

function branch(key: string, children: DiagramNode[] = []): DiagramNode {
  const node: TreeNode = {
    key,
    label: key,
    urls: 1,
    problems: 0,
    errors: 0,
    warnings: 0,
    newestLastmod: '',
    hasChildren: children.length > 0,
  };
  return { kind: 'branch', key, node, expanded: children.length > 0, children };
}

describe('layoutDiagram', () => {
  it('places each level one column to the right, the parent at the middle of its children', () => {
    const layout = layoutDiagram(branch(H, [branch(`${H}/a`), branch(`${H}/b`), branch(`${H}/c`)]));
    expect(layout.boxes.map((b) => [b.node.key, b.x, b.y, b.depth])).toEqual([
      [H, 20, HEADER_H + 20 + 94, 0],
      [`${H}/a`, 296, HEADER_H + 20, 1],
      [`${H}/b`, 296, HEADER_H + 20 + 94, 1],
      [`${H}/c`, 296, HEADER_H + 20 + 188, 1],
    ]);
    expect([layout.width, layout.height]).toEqual([640, HEADER_H + 40 + 188 + BOX_H]);
    // Each line leaves the parent's right edge and ends at the child's left edge.
    expect(layout.links.map((l) => l.d)).toEqual([
      `M${20 + BOX_W},${HEADER_H + 20 + 94 + 40}H268V${HEADER_H + 20 + 40}H296`,
      `M${20 + BOX_W},${HEADER_H + 20 + 94 + 40}H268V${HEADER_H + 20 + 94 + 40}H296`,
      `M${20 + BOX_W},${HEADER_H + 20 + 94 + 40}H268V${HEADER_H + 20 + 188 + 40}H296`,
    ]);
  });

  it('never lets boxes of one column overlap', () => {
    const wide = branch(
      H,
      Array.from({ length: 5 }, (_, i) =>
        branch(
          `${H}/${i}`,
          Array.from({ length: 4 }, (_, j) => branch(`${H}/${i}/${j}`)),
        ),
      ),
    );
    const layout = layoutDiagram(wide);
    const leaves = layout.boxes
      .filter((b) => b.depth === 2)
      .map((b) => b.y)
      .sort((a, b) => a - b);
    expect(leaves).toHaveLength(20);
    for (let k = 1; k < leaves.length; k++)
      expect((leaves[k] as number) - (leaves[k - 1] as number)).toBeGreaterThanOrEqual(BOX_H);
  });
});

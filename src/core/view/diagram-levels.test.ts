import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { setOf } from '../check/test-helpers';
import {
  cutLevel,
  diagramLevels,
  diagramTree,
  initialExpanded,
  levelsToLoad,
  type DiagramNode,
} from './diagram-levels';
import type { DiagramBranch, DiagramLevel } from './diagram-pages';
import { branchNode } from './diagram-test-helpers';
import type { TreeChildren, TreeNode } from './tree-node';

const H = 'https://www.example.com';
const NOW = new Date('2025-01-01T00:00:00Z');

const node = (key: string, urls: number, hasChildren = false): DiagramBranch => branchNode(key, urls, hasChildren);

/** A diagram tree as nested [key, children] pairs, for exact comparison. */
function shape(n: DiagramNode): unknown {
  return n.children.length === 0 ? n.key : [n.key, n.children.map(shape)];
}

describe('diagramLevels', () => {
  const set = setOf([
    { loc: `${H}/`, lastmod: '2024-01-01' },
    { loc: `${H}/blog/a`, lastmod: '2024-05-02' },
    { loc: `${H}/blog/b`, lastmod: '2024/12/31' },
    { loc: `${H}/blog/c`, priority: '2' },
    `${H}/shop/1`,
    `${H}/shop/2`,
    `${H}/about`,
    `${H}/team`,
  ]);
  const result = checkSet(set, { now: NOW });

  it('cuts each level to its own limit, counting what it leaves out', () => {
    const levels = diagramLevels(set.rows, result, [
      { key: '', limit: 12 },
      { key: H, limit: 2 },
      { key: `${H}/blog`, limit: 12 },
    ]);
    expect(levels.get('')?.children.map((c) => [c.key, c.urls])).toEqual([[H, 8]]);
    const host = levels.get(H) as TreeChildren;
    expect(host.children.map((c) => [c.label, c.urls, c.hasChildren])).toEqual([
      ['blog', 3, true],
      ['shop', 2, true],
    ]);
    expect([host.omitted, host.omittedUrls]).toEqual([2, 2]);
    expect(levels.get(`${H}/blog`)?.children.map((c) => c.label)).toEqual(['a', 'b', 'c']);
  });

  it('counts the level of the first host along with the top level, so a one-host set opens in one pass', () => {
    const levels = diagramLevels(set.rows, result, [{ key: '', limit: 3 }]);
    expect([...levels.keys()]).toEqual(['', H]);
    expect(levels.get(H)?.children.map((c) => c.label)).toEqual(['blog', 'shop', 'about']);
    expect(levels.get(H)?.omitted).toBe(1);
  });

  it('counts the rows with errors and with warnings in each box', () => {
    const levels = diagramLevels(set.rows, result, [{ key: H, limit: 12 }]);
    const blog = levels.get(H)?.children[0] as TreeNode;
    // b: lastmod-format (an error); c: priority-range (an error).
    expect([blog.label, blog.problems, blog.errors, blog.warnings, blog.newestLastmod]).toEqual([
      'blog',
      2,
      2,
      0,
      '2024-05-02',
    ]);
  });
});

describe('cutLevel', () => {
  it('keeps a level that fits as it is', () => {
    const level: TreeChildren = { children: [node(`${H}/a`, 3)], omitted: 0, omittedUrls: 0 };
    expect(cutLevel(level, 12)).toBe(level);
  });

  it('adds what it cuts to what was already left out', () => {
    const level: TreeChildren = {
      children: [node(`${H}/a`, 3), node(`${H}/b`, 2), node(`${H}/c`, 1)],
      omitted: 4,
      omittedUrls: 4,
    };
    expect(cutLevel(level, 1)).toEqual({ children: [node(`${H}/a`, 3)], omitted: 6, omittedUrls: 7 });
  });
});

describe('diagramTree', () => {
  const top: DiagramLevel = { children: [node(H, 10, true)], omitted: 0, omittedUrls: 0 };
  const hostLevel: DiagramLevel = {
    children: [node(`${H}/blog`, 6, true), node(`${H}/about`, 1)],
    omitted: 3,
    omittedUrls: 3,
  };
  const blogLevel: DiagramLevel = { children: [node(`${H}/blog/a`, 6)], omitted: 0, omittedUrls: 0 };

  it('starts a set of one host at its host, opened at the first level', () => {
    expect(initialExpanded(top)).toEqual([H]);
    const levels = new Map([
      ['', top],
      [H, hostLevel],
      [`${H}/blog`, blogLevel],
    ]);
    expect(shape(diagramTree(levels, new Set([H])) as DiagramNode)).toEqual([
      H,
      [`${H}/blog`, `${H}/about`, `${H} more`],
    ]);
    expect(shape(diagramTree(levels, new Set([H, `${H}/blog`])) as DiagramNode)).toEqual([
      H,
      [[`${H}/blog`, [`${H}/blog/a`]], `${H}/about`, `${H} more`],
    ]);
  });

  it('gives the "N more" box the count of what it stands for', () => {
    const tree = diagramTree(
      new Map([
        ['', top],
        [H, hostLevel],
      ]),
      new Set([H]),
    ) as DiagramNode;
    expect(tree.children[2]).toEqual({
      kind: 'more',
      key: `${H} more`,
      parent: H,
      omitted: 3,
      omittedUrls: 3,
      children: [],
    });
  });

  it('puts several hosts under one root box with their totals', () => {
    const two: DiagramLevel = {
      children: [
        { ...node(H, 10, true), errors: 2 },
        { ...node('https://shop.example.com', 4), warnings: 1 },
      ],
      omitted: 0,
      omittedUrls: 0,
    };
    expect(initialExpanded(two)).toEqual([]);
    const tree = diagramTree(new Map([['', two]]), new Set());
    expect(tree && tree.kind === 'root' && [tree.hosts, tree.urls, tree.errors, tree.warnings]).toEqual([2, 14, 2, 1]);
    expect(shape(tree as DiagramNode)).toEqual(['', [H, 'https://shop.example.com']]);
  });

  it('draws nothing before the top level is there', () => {
    expect(diagramTree(new Map(), new Set())).toBeNull();
  });

  it('builds a tree 3,000 levels deep without recursion', () => {
    const levels = new Map<string, DiagramLevel>([['', top]]);
    let key = H;
    const open = new Set<string>();
    for (let d = 0; d < 3000; d++) {
      const child = `${key}/a`;
      levels.set(key, { children: [node(child, 1, d < 2999)], omitted: 0, omittedUrls: 0 });
      open.add(key);
      key = child;
    }
    let n = diagramTree(levels, open) as DiagramNode;
    let depth = 0;
    while (n.children.length > 0) {
      n = n.children[0] as DiagramNode;
      depth++;
    }
    expect(depth).toBe(3000);
  });
});

describe('levelsToLoad', () => {
  it('asks for the open branches whose branches above are open too', () => {
    expect(levelsToLoad(new Set([H, `${H}/blog`, `${H}/shop/x`]))).toEqual(['', H, `${H}/blog`]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { importFiles } from '../core/read/import-files';
import { treeLevels } from '../core/view/tree';
import { Session } from './session';

const enc = new TextEncoder();
const H = 'https://www.example.com';
const lines = [`${H}/`, `${H}/blog/a`, `${H}/blog/b`, `${H}/news/x`, `${H}/about`];

function sessionOf(rows: string[]): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'urls.txt', bytes: enc.encode(rows.join('\n') + '\n') }]), false);
  return s;
}

describe('LevelCache: the levels shared by the structure tree and the diagram', () => {
  it("counts the lone host's level with the tree's top level: the diagram and the tree's host then need no pass", () => {
    const s = sessionOf(lines);
    const tree = s.treeLevelsPass(['']);
    tree.step(Infinity);
    // The tree's answer holds what it asked for, nothing more.
    expect([...tree.finish().keys()]).toEqual(['']);
    const diagram = s.diagram.levelsPass([{ key: '', limit: 12 }]);
    expect(diagram.step(0)).toBe(true);
    const levels = diagram.finish();
    expect([...levels.keys()]).toEqual(['', H]);
    const counted = [
      ['blog', 2, true],
      ['about', 1, false],
      ['news', 1, true],
    ];
    expect(levels.get(H)?.children.map((c) => [c.label, c.urls, c.hasChildren])).toEqual(counted);
    const host = s.treeLevelsPass([H]);
    expect(host.step(0)).toBe(true);
    expect(
      host
        .finish()
        .get(H)
        ?.children.map((c) => [c.label, c.urls, c.hasChildren]),
    ).toEqual(counted);
  });

  it('shares a pass under way: a second request steps the same pass, and both answer the same counts', () => {
    const s = sessionOf(lines);
    const tree = s.treeLevelsPass(['', H]);
    expect(tree.step(2)).toBe(false);
    const diagram = s.diagram.levelsPass([
      { key: '', limit: 1 },
      { key: H, limit: 2 },
    ]);
    // Three rows are left of the five: the tree's two are not counted again.
    expect(diagram.step(2)).toBe(false);
    expect(diagram.step(1)).toBe(true);
    expect(tree.step(0)).toBe(true);
    const d = diagram.finish();
    const t = tree.finish();
    expect(d.get(H)).toMatchObject({
      children: [
        { label: 'blog', urls: 2 },
        { label: 'about', urls: 1 },
      ],
      omitted: 1,
      omittedUrls: 1,
    });
    expect(t.get(H)?.children.map((c) => [c.label, c.urls])).toEqual([
      ['blog', 2],
      ['about', 1],
      ['news', 1],
    ]);
  });

  it("counts to the tree's limit whatever is asked, asks a pass again past it, and forgets every level when the rows change", () => {
    const s = sessionOf([...lines, ...Array.from({ length: 520 }, (_, i) => `${H}/p${i}`)]);
    const small = s.diagram.levelsPass([{ key: H, limit: 1 }]);
    small.step(Infinity);
    expect(small.finish().get(H)?.omitted).toBe(523 - 1);
    // The tree's 500 children came along: no pass.
    const tree = s.treeLevelsPass([H]);
    expect(tree.step(0)).toBe(true);
    expect(tree.finish().get(H)?.children).toHaveLength(500);
    const more = s.diagram.levelsPass([{ key: H, limit: 510 }]);
    expect(more.step(0)).toBe(false);
    more.step(Infinity);
    expect(more.finish().get(H)?.children).toHaveLength(510);
    s.diagram.apply({ kind: 'rename', from: `${H}/blog`, segment: 'stories' });
    const after = s.treeLevelsPass([H]);
    expect(after.step(0)).toBe(false);
    after.step(Infinity);
    expect(
      after
        .finish()
        .get(H)
        ?.children.map((c) => c.label),
    ).toContain('stories');
  });

  it('does not keep the levels of a pass begun before the rows changed', () => {
    const s = sessionOf(lines);
    const stale = s.treeLevelsPass([H]);
    stale.step(2);
    s.diagram.apply({ kind: 'rename', from: `${H}/blog`, segment: 'stories' });
    const fresh = s.treeLevelsPass([H]);
    stale.step(Infinity);
    stale.finish();
    fresh.step(Infinity);
    expect(
      fresh
        .finish()
        .get(H)
        ?.children.map((c) => c.label),
    ).toEqual(['stories', 'about', 'news']);
  });

  it("counts a branch under the lone host's level by that child's rows only, as a pass over every row would", () => {
    const rows: string[] = [];
    for (let i = 0; i < 300; i++) {
      const seg = ['blog', 'shop', 'blogger', 'docs'][i % 4] as string;
      rows.push(`${H}/${seg}${i % 7 === 0 ? '' : `/${i % 5}/p-${i}`}${i % 3 === 0 ? '?q=1' : ''}`);
    }
    rows.push('relative/x', `${H}/blog/`, `${H}/blog?x=1`, `${H}/blog#top`, 'https://other.example/blog/1');
    const s = sessionOf(rows);
    // The tree's pass records nothing (a document the diagram never showed holds no index): the diagram's does.
    const tree = s.treeLevelsPass(['']);
    tree.step(Infinity);
    tree.finish();
    expect((s.diagram.levels as unknown as { index: unknown }).index).toBeNull();
    s.diagram.apply({ kind: 'rename', from: `${H}/docs`, segment: 'manual' });
    const top = s.diagram.levelsPass([{ key: '', limit: 12 }]);
    top.step(Infinity);
    top.finish();
    const set = (s as unknown as { set: { rows: Parameters<typeof treeLevels>[0] } }).set;
    const result = (s as unknown as { checked(): Parameters<typeof treeLevels>[1] }).checked();
    const keys = [`${H}/blog`, `${H}/blog/1`, `${H}/shop/2`, `${H}/manual`];
    const read = vi.spyOn(set.rows.loc, 'rawText');
    const pass = s.treeLevelsPass(keys);
    pass.step(Infinity);
    const got = pass.finish();
    // The blog, shop and docs rows (three quarters of 300, and the three blog rows added), not every row.
    expect(read.mock.calls.length).toBeLessThan(240);
    read.mockRestore();
    const all = treeLevels(set.rows, result, keys);
    for (const k of keys) expect(got.get(k)).toEqual(all.get(k));
    expect(got.get(`${H}/blog`)?.children.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { ALL_ROWS } from '../core/view/query';
import { Session } from './session';

const enc = new TextEncoder();

describe('Session: structure tree', () => {
  it('answers the children of a branch, and a branch filter shows exactly its rows', () => {
    const s = new Session();
    const lines = ['https://a.example/', 'https://a.example/blog/1', 'https://a.example/blog/2', 'https://a.example/blogger', 'https://b.example/x'];
    s.import([{ name: 'urls.txt', bytes: enc.encode(lines.join('\n') + '\n') }], false, undefined, undefined);
    expect(s.treeChildren('').children.map((c) => [c.label, c.urls])).toEqual([['a.example', 4], ['b.example', 1]]);
    const a = s.treeChildren('https://a.example').children;
    expect(a.map((c) => [c.key, c.urls, c.hasChildren])).toEqual([
      ['https://a.example/blog', 2, true],
      ['https://a.example/blogger', 1, false],
    ]);
    expect(s.setView({ ...ALL_ROWS, prefix: 'https://a.example/blog' })).toBe(2);
    expect(s.rows(0, 5).map((r) => r.loc)).toEqual(['https://a.example/blog/1', 'https://a.example/blog/2']);
    expect(s.setView(ALL_ROWS)).toBe(5);
  });
});

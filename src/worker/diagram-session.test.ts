import { describe, expect, it } from 'vitest';
import { ALL_ROWS } from '../core/view/query';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

const enc = new TextEncoder();
const H = 'https://www.example.com';

function sessionOf(lines: string[]): Session {
  const s = new Session();
  s.importSet(importFiles([{ name: 'urls.txt', bytes: enc.encode(lines.join('\n') + '\n') }]), false);
  return s;
}

const locs = (s: Session) => s.rows(0, 100).map((r) => r.loc);

describe('Session: the diagram', () => {
  const lines = [`${H}/`, `${H}/blog/a`, `${H}/blog/b`, `${H}/news/x`, `${H}/about`];

  it('previews a move without changing anything, then applies it as one undo step', () => {
    const s = sessionOf(lines);
    expect(s.diagram.preview({ kind: 'move', from: `${H}/blog`, toParent: `${H}/news` }, 1)).toEqual({
      error: null,
      from: `${H}/blog`,
      to: `${H}/news/blog`,
      affected: 2,
      breaking: 0,
      collisions: 0,
      samples: [{ row: 2, before: `${H}/blog/a`, after: `${H}/news/blog/a` }],
    });
    expect(locs(s)).toEqual(lines);
    const out = s.diagram.apply({ kind: 'move', from: `${H}/blog`, toParent: `${H}/news` });
    expect([out.changed, out.to, out.history.undoLabel]).toEqual([
      2,
      `${H}/news/blog`,
      'Move www.example.com/blog to www.example.com/news/blog (2 cells)',
    ]);
    expect(locs(s)).toEqual([`${H}/`, `${H}/news/blog/a`, `${H}/news/blog/b`, `${H}/news/x`, `${H}/about`]);
    s.undo();
    expect(locs(s)).toEqual(lines);
  });

  it('refuses an edit that cannot be done, changing nothing', () => {
    const s = sessionOf(lines);
    expect(s.diagram.preview({ kind: 'rename', from: H, segment: 'x' }, 5).error).toBe(
      'Only a path segment can be moved or renamed, not a host.',
    );
    expect(() => s.diagram.apply({ kind: 'move', from: `${H}/blog`, toParent: `${H}/blog/a` })).toThrow(
      'A branch cannot move under itself.',
    );
    expect(s.history.size.undo).toBe(0);
  });

  it('writes the redirect map of the moves, renames and edits that can be undone', () => {
    const s = sessionOf(lines);
    s.diagram.apply({ kind: 'move', from: `${H}/blog`, toParent: `${H}/news` });
    s.diagram.apply({ kind: 'rename', from: `${H}/news/blog`, segment: 'stories' });
    s.setView(ALL_ROWS);
    const about = s.rows(4, 5)[0]?.id as number;
    s.edits.edit(about, 'loc', `${H}/company`);
    expect(s.diagram.redirectMap('csv')).toEqual({
      fileName: 'redirects.csv',
      mimeType: 'text/csv',
      count: 3,
      leftOut: 0,
      text: `old,new\r\n${H}/blog/a,${H}/news/stories/a\r\n${H}/blog/b,${H}/news/stories/b\r\n${H}/about,${H}/company\r\n`,
    });
    s.undo();
    s.undo();
    expect(s.diagram.redirectMap('netlify').text).toBe(
      '# Redirect map written by Sitemap Editor (Netlify _redirects).\n/blog/a  /news/blog/a  301\n/blog/b  /news/blog/b  301\n',
    );
  });

  it('leaves a loc that would inject a rule out of the server maps, and counts it', () => {
    const s = sessionOf(lines);
    s.setView(ALL_ROWS);
    const about = s.rows(4, 5)[0]?.id as number;
    s.edits.edit(about, 'loc', `${H}/x\nRedirect 301 / https://evil.example/`);
    const apache = s.diagram.redirectMap('apache');
    expect([apache.count, apache.leftOut]).toEqual([0, 1]);
    expect(apache.text.split('\n').filter((l) => l.startsWith('Redirect'))).toEqual([]);
    expect(apache.text).toContain(
      `#   ${H}/about -> ${H}/x%0ARedirect%20301%20/%20https://evil.example/ (it holds a control character`,
    );
    const csv = s.diagram.redirectMap('csv');
    expect([csv.count, csv.leftOut]).toEqual([1, 0]);
  });

  it('answers levels it knows at this revision without a pass, and counts again after a change', () => {
    const s = sessionOf(lines);
    const first = s.diagram.levelsPass([{ key: '', limit: 12 }]);
    expect(first.step(2)).toBe(false);
    first.step(Infinity);
    expect([...first.finish().keys()]).toEqual(['', H]);
    // The host's level came along with the top one: asking for it (with a smaller limit) needs no row.
    const again = s.diagram.levelsPass([{ key: H, limit: 1 }]);
    expect(again.step(0)).toBe(true);
    expect(again.finish().get(H)).toMatchObject({ children: [{ label: 'blog', urls: 2 }], omitted: 2, omittedUrls: 2 });
    s.diagram.apply({ kind: 'move', from: `${H}/blog`, toParent: `${H}/news` });
    const after = s.diagram.levelsPass([{ key: H, limit: 12 }]);
    expect(after.step(0)).toBe(false);
    after.step(Infinity);
    expect(
      after
        .finish()
        .get(H)
        ?.children.map((c) => [c.label, c.urls]),
    ).toEqual([
      ['news', 3],
      ['about', 1],
    ]);
  });

  it('draws the levels cut to their limits', () => {
    const s = sessionOf(lines);
    const pass = s.diagram.levelsPass([
      { key: '', limit: 12 },
      { key: H, limit: 1 },
    ]);
    pass.step(Infinity);
    const levels = pass.finish();
    expect(levels.get(H)).toMatchObject({ children: [{ label: 'blog', urls: 2 }], omitted: 2, omittedUrls: 2 });
  });
});

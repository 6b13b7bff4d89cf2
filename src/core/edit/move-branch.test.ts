import { describe, expect, it } from 'vitest';
import { rowsOf } from '../check/test-helpers';
import {
  branchTarget,
  checkSegment,
  isHostOrPath,
  isPathBranch,
  lastSegment,
  parentOf,
  planBranchEdit,
  plannedPageLoc,
} from './move-branch';

const H = 'https://www.example.com';

describe('branchTarget', () => {
  it('moves a branch under another, keeping its last segment', () => {
    expect(branchTarget({ kind: 'move', from: `${H}/blog/2024`, toParent: `${H}/news` })).toEqual({
      ok: true,
      to: `${H}/news/2024`,
    });
    expect(branchTarget({ kind: 'move', from: `${H}/blog/2024`, toParent: H })).toEqual({ ok: true, to: `${H}/2024` });
    expect(branchTarget({ kind: 'move', from: `${H}/blog`, toParent: 'https://shop.example.com' })).toEqual({
      ok: true,
      to: 'https://shop.example.com/blog',
    });
  });

  it('renames the last segment in place', () => {
    expect(branchTarget({ kind: 'rename', from: `${H}/blog/2024`, segment: 'archive' })).toEqual({
      ok: true,
      to: `${H}/blog/archive`,
    });
  });

  it('refuses what cannot be done, saying why', () => {
    expect(branchTarget({ kind: 'move', from: H, toParent: `${H}/x` })).toEqual({
      ok: false,
      message: 'Only a path segment can be moved or renamed, not a host.',
    });
    expect(branchTarget({ kind: 'move', from: `${H}/blog`, toParent: `${H}/blog/2024` })).toEqual({
      ok: false,
      message: 'A branch cannot move under itself.',
    });
    expect(branchTarget({ kind: 'move', from: `${H}/blog`, toParent: `${H}/blog` })).toEqual({
      ok: false,
      message: 'A branch cannot move under itself.',
    });
    expect(branchTarget({ kind: 'move', from: `${H}/blog/2024`, toParent: `${H}/blog` })).toEqual({
      ok: false,
      message: 'The branch is already there.',
    });
    expect(branchTarget({ kind: 'move', from: `${H}/blog`, toParent: '' })).toEqual({
      ok: false,
      message: 'A branch can move under a host or a path segment only.',
    });
    expect(branchTarget({ kind: 'rename', from: `${H}/blog`, segment: 'blog' })).toEqual({
      ok: false,
      message: 'The segment is already "blog".',
    });
    expect(branchTarget({ kind: 'rename', from: `${H}/blog`, segment: 'a/b' })).toEqual({
      ok: false,
      message: '"a/b" is not one segment: it may not hold "/", "?" or "#".',
    });
  });

  it('moves a branch to a sibling whose name starts the same', () => {
    // '/blogger' is not inside '/blog': the move is allowed.
    expect(branchTarget({ kind: 'move', from: `${H}/blog`, toParent: `${H}/blogger` })).toEqual({
      ok: true,
      to: `${H}/blogger/blog`,
    });
  });
});

describe('segments and parents', () => {
  it('reads the last segment and the parent of a key', () => {
    expect(lastSegment(`${H}/blog/2024`)).toBe('2024');
    expect(parentOf(`${H}/blog/2024`)).toBe(`${H}/blog`);
    expect(parentOf(`${H}/blog`)).toBe(H);
    expect(checkSegment('')).toBe('Type a name for the segment.');
    expect(checkSegment('a b')).toBe('"a b" holds white space: a URL may not (write %20 if it must).');
    expect(checkSegment('..')).toBe('".." is not a segment a URL keeps.');
    expect(checkSegment('pricing')).toBeNull();
    expect([isPathBranch(`${H}/blog`), isPathBranch(H), isPathBranch(`${H}/`), isPathBranch(':not-absolute')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([isHostOrPath(`${H}/blog`), isHostOrPath(H), isHostOrPath(''), isHostOrPath(':not-absolute')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('planBranchEdit', () => {
  const rows = rowsOf([
    `${H}/`,
    `${H}/blog`,
    `${H}/blog/2024/a`,
    `${H}/blog/2024/b?page=2`,
    `${H}/blog/2023#top`,
    `${H}/blogger`,
    `${H}/news/blog`,
    '/relative',
  ]);

  it('rewrites the start of every loc in the branch, and nothing else', () => {
    const plan = planBranchEdit(rows, { kind: 'move', from: `${H}/blog`, toParent: `${H}/news` });
    expect(plan).toEqual({
      from: `${H}/blog`,
      to: `${H}/news/blog`,
      changes: [
        { row: 2, field: 'loc', before: `${H}/blog`, after: `${H}/news/blog` },
        { row: 3, field: 'loc', before: `${H}/blog/2024/a`, after: `${H}/news/blog/2024/a` },
        { row: 4, field: 'loc', before: `${H}/blog/2024/b?page=2`, after: `${H}/news/blog/2024/b?page=2` },
        { row: 5, field: 'loc', before: `${H}/blog/2023#top`, after: `${H}/news/blog/2023#top` },
      ],
      breaking: [],
      // Row 2 becomes the loc row 7 already has.
      collisions: [2],
    });
  });

  it('renames a segment in every loc below it', () => {
    const plan = planBranchEdit(rows, { kind: 'rename', from: `${H}/blog/2024`, segment: 'archive' });
    expect('changes' in plan && plan.changes.map((c) => c.after)).toEqual([
      `${H}/blog/archive/a`,
      `${H}/blog/archive/b?page=2`,
    ]);
    expect('collisions' in plan && plan.collisions).toEqual([]);
  });

  it('answers with the refusal when the edit cannot be done', () => {
    expect(planBranchEdit(rows, { kind: 'rename', from: `${H}/blog`, segment: '' })).toEqual({
      error: 'Type a name for the segment.',
    });
  });
});

describe('plannedPageLoc', () => {
  it('puts a planned page under its branch', () => {
    expect(plannedPageLoc(`${H}/blog`, 'launch')).toEqual({ ok: true, loc: `${H}/blog/launch` });
    expect(plannedPageLoc(H, 'pricing')).toEqual({ ok: true, loc: `${H}/pricing` });
    expect(plannedPageLoc('', 'x')).toEqual({
      ok: false,
      message: 'A page can be planned under a host or a path segment only.',
    });
    expect(plannedPageLoc(H, 'a?b')).toEqual({
      ok: false,
      message: '"a?b" is not one segment: it may not hold "/", "?" or "#".',
    });
  });
});

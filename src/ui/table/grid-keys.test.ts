import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import type { GridColumnMeta } from './grid-model';
import { onGridKey, type GridKeyContext } from './grid-keys';

/** A key event as the grid sees it, recording whether its default was prevented. */
function key(k: string, mods: { ctrl?: boolean; shift?: boolean; alt?: boolean } = {}) {
  const e = {
    key: k,
    ctrlKey: !!mods.ctrl,
    metaKey: false,
    shiftKey: !!mods.shift,
    altKey: !!mods.alt,
    prevented: false,
    preventDefault() {
      this.prevented = true;
    },
  };
  return e as unknown as KeyboardEvent<HTMLElement> & { prevented: boolean };
}

/** The grid at row 5, column 2 of 100 rows and 9 columns, with every action logged. */
function grid(meta: Partial<GridColumnMeta> | undefined) {
  const log: string[] = [];
  const ctx: GridKeyContext = {
    pos: 5,
    col: 2,
    page: 10,
    viewCount: 100,
    columnCount: 9,
    meta: meta as GridColumnMeta | undefined,
    moveTo: (p, c, extend) => log.push(`move ${p},${c}${extend ? ' extend' : ''}`),
    startEdit: (p, c, caret, typed) => log.push(`edit ${p},${c}${caret ? ` ${caret}` : ''}${typed ? ` ${typed}` : ''}`),
    activate: (p) => log.push(`activate ${p}`),
    clear: (p, c) => log.push(`clear ${p},${c}`),
    fillDown: () => log.push('fill down'),
    selectAll: () => log.push('select all'),
  };
  return { ctx, log };
}

const FIELD = { field: 'lastmod', optional: true } as Partial<GridColumnMeta>;

describe('onGridKey', () => {
  it('moves by arrows, pages and ends; Shift+arrows extend the range', () => {
    const { ctx, log } = grid(FIELD);
    for (const [k, m] of [
      ['ArrowUp', {}],
      ['ArrowDown', { shift: true }],
      ['ArrowLeft', {}],
      ['ArrowRight', { shift: true }],
      ['PageUp', {}],
      ['PageDown', {}],
      ['Home', {}],
      ['End', {}],
      ['Home', { ctrl: true }],
      ['End', { ctrl: true }],
    ] as const) {
      const e = key(k, m);
      onGridKey(e, ctx);
      expect(e.prevented, k).toBe(true);
    }
    expect(log).toEqual([
      'move 4,2',
      'move 6,2 extend',
      'move 5,1',
      'move 5,3 extend',
      'move -5,2',
      'move 15,2',
      'move 5,0',
      'move 5,8',
      'move 0,2',
      'move 99,2',
    ]);
  });

  it('edits a field on Enter, F2 or a typed character; activates a cell that is no field; leaves ? and Alt alone', () => {
    const field = grid(FIELD);
    for (const k of ['Enter', 'F2', 'x']) onGridKey(key(k), field.ctx);
    const q = key('?');
    onGridKey(q, field.ctx);
    const alt = key('x', { alt: true });
    onGridKey(alt, field.ctx);
    expect(field.log).toEqual(['edit 5,2', 'edit 5,2', 'edit 5,2 end x']);
    expect([q.prevented, alt.prevented]).toEqual([false, false]);

    const details = grid({ activate: () => {} } as Partial<GridColumnMeta>);
    for (const k of ['Enter', ' ']) onGridKey(key(k), details.ctx);
    const plain = grid({});
    const space = key(' ');
    onGridKey(space, plain.ctx);
    expect(details.log).toEqual(['activate 5', 'activate 5']);
    expect(space.prevented).toBe(false);
  });

  it('clears on Delete and Backspace, fills down on Ctrl+D, selects all shown on Ctrl+A', () => {
    const { ctx, log } = grid(FIELD);
    for (const [k, m] of [
      ['Delete', {}],
      ['Backspace', {}],
      ['d', { ctrl: true }],
      ['a', { ctrl: true }],
      ['A', { ctrl: true }],
    ] as const)
      onGridKey(key(k, m), ctx);
    const shifted = key('d', { ctrl: true, shift: true });
    onGridKey(shifted, ctx);
    expect(log).toEqual(['clear 5,2', 'clear 5,2', 'fill down', 'select all', 'select all']);
    expect(shifted.prevented).toBe(false);
  });
});

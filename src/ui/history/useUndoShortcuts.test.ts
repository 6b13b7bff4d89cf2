import { describe, expect, it } from 'vitest';
import { historyKey } from './useUndoShortcuts';

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) =>
  historyKey({ key, ctrlKey: !!mods.ctrl, metaKey: !!mods.meta, shiftKey: !!mods.shift, altKey: !!mods.alt });

describe('historyKey', () => {
  it('reads Ctrl+Z as undo, Ctrl+Shift+Z and Ctrl+Y as redo (Cmd too)', () => {
    expect(press('z', { ctrl: true })).toBe('undo');
    expect(press('z', { meta: true })).toBe('undo');
    expect(press('Z', { ctrl: true, shift: true })).toBe('redo');
    expect(press('y', { ctrl: true })).toBe('redo');
  });

  it('ignores everything else', () => {
    expect(press('z')).toBeNull();
    expect(press('z', { ctrl: true, alt: true })).toBeNull();
    expect(press('Y', { ctrl: true, shift: true })).toBeNull();
    expect(press('x', { ctrl: true })).toBeNull();
  });
});

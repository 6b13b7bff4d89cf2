import type { MessageId } from '../../i18n/translator';

/** A key as shown on its keycap ("Ctrl+Z"), or a word of the catalogues for a gesture ("Double-click"). */
export type Key = string | { word: MessageId };

/** One key (or mouse gesture) and what it does. `keys` are shown as keycaps, joined by "+"; alternatives are separate entries of `keys`. */
export interface Shortcut {
  keys: Key[];
  does: MessageId;
}

export interface ShortcutGroup {
  title: MessageId;
  items: Shortcut[];
}

/*
 * Every key of the app, as the handlers define them (UrlTable, cells,
 * HeaderRow, ColumnsMenu, useUndoShortcuts, StructureTree, DiagramView):
 * a key added there is added here, or the sheet lies.
 */
export const SHORTCUTS: readonly ShortcutGroup[] = [
  {
    title: 'shortcuts.anywhere',
    items: [
      { keys: ['?'], does: 'shortcuts.anywhere.1' },
      { keys: ['Ctrl+Z'], does: 'shortcuts.anywhere.2' },
      { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], does: 'shortcuts.anywhere.3' },
      { keys: ['Escape'], does: 'shortcuts.anywhere.4' },
      { keys: ['Tab'], does: 'shortcuts.anywhere.5' },
    ],
  },
  {
    title: 'shortcuts.tableMoving',
    items: [
      { keys: ['↑', '↓', '←', '→'], does: 'shortcuts.tableMoving.1' },
      { keys: ['Page Up', 'Page Down'], does: 'shortcuts.tableMoving.2' },
      { keys: ['Home', 'End'], does: 'shortcuts.tableMoving.3' },
      { keys: ['Ctrl+Home', 'Ctrl+End'], does: 'shortcuts.tableMoving.4' },
      { keys: ['Shift+↑', 'Shift+↓', 'Shift+←', 'Shift+→'], does: 'shortcuts.tableMoving.5' },
      { keys: [{ word: 'shortcuts.key.shiftClick' }], does: 'shortcuts.tableMoving.6' },
      { keys: [{ word: 'shortcuts.key.drag' }], does: 'shortcuts.tableMoving.7' },
    ],
  },
  {
    title: 'shortcuts.tableEditing',
    items: [
      { keys: ['Enter', 'F2', { word: 'shortcuts.key.doubleClick' }], does: 'shortcuts.tableEditing.1' },
      { keys: [{ word: 'shortcuts.key.typing' }], does: 'shortcuts.tableEditing.2' },
      { keys: ['Enter'], does: 'shortcuts.tableEditing.3' },
      { keys: ['Tab', 'Shift+Tab'], does: 'shortcuts.tableEditing.4' },
      { keys: ['Escape'], does: 'shortcuts.tableEditing.5' },
      { keys: ['Delete', 'Backspace'], does: 'shortcuts.tableEditing.6' },
      { keys: ['Ctrl+C'], does: 'shortcuts.tableEditing.7' },
      { keys: ['Ctrl+V'], does: 'shortcuts.tableEditing.8' },
      { keys: ['Ctrl+D'], does: 'shortcuts.tableEditing.9' },
    ],
  },
  {
    title: 'shortcuts.tableRows',
    items: [
      { keys: [{ word: 'shortcuts.key.space' }], does: 'shortcuts.tableRows.1' },
      { keys: [{ word: 'shortcuts.key.ctrlClick' }], does: 'shortcuts.tableRows.2' },
      { keys: [{ word: 'shortcuts.key.shiftClick' }], does: 'shortcuts.tableRows.3' },
      { keys: ['Ctrl+A'], does: 'shortcuts.tableRows.4' },
      { keys: [{ word: 'shortcuts.key.dragHeader' }], does: 'shortcuts.tableRows.5' },
      { keys: ['←', '→', 'Shift+←', 'Shift+→'], does: 'shortcuts.tableRows.6' },
      { keys: ['Enter', { word: 'shortcuts.key.doubleClick' }], does: 'shortcuts.tableRows.7' },
    ],
  },
  {
    title: 'shortcuts.tree',
    items: [
      { keys: ['↑', '↓', 'Home', 'End'], does: 'shortcuts.tree.1' },
      { keys: ['→', '←'], does: 'shortcuts.tree.2' },
      { keys: ['Enter', { word: 'shortcuts.key.space' }], does: 'shortcuts.tree.3' },
      { keys: ['M'], does: 'shortcuts.tree.4' },
      { keys: ['F2'], does: 'shortcuts.tree.5' },
      { keys: ['A'], does: 'shortcuts.tree.6' },
    ],
  },
];

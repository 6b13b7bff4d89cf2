/** One key (or mouse gesture) and what it does. `keys` are shown as keycaps, joined by "+"; alternatives are separate entries of `keys`. */
interface Shortcut {
  keys: string[];
  does: string;
}

export interface ShortcutGroup {
  title: string;
  items: Shortcut[];
}

/*
 * Every key of the app, as the handlers define them (UrlTable, cells,
 * HeaderRow, ColumnsMenu, useUndoShortcuts, StructureTree, DiagramView):
 * a key added there is added here, or the sheet lies.
 */
export const SHORTCUTS: readonly ShortcutGroup[] = [
  {
    title: 'Anywhere',
    items: [
      { keys: ['?'], does: 'Show this list of keys (outside a text field)' },
      { keys: ['Ctrl+Z'], does: 'Undo the last change' },
      { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], does: 'Redo' },
      { keys: ['Escape'], does: 'Close a dialog or the Columns menu' },
      { keys: ['Tab'], does: 'The first Tab stop is “Skip to the table”' },
    ],
  },
  {
    title: 'Table: moving and ranges',
    items: [
      { keys: ['↑', '↓', '←', '→'], does: 'Move to the next cell' },
      { keys: ['Page Up', 'Page Down'], does: 'Move a page up or down' },
      { keys: ['Home', 'End'], does: 'First or last cell of the row' },
      { keys: ['Ctrl+Home', 'Ctrl+End'], does: 'First or last row' },
      { keys: ['Shift+↑', 'Shift+↓', 'Shift+←', 'Shift+→'], does: 'Extend the range of cells' },
      { keys: ['Shift+click'], does: 'Extend the range to the cell clicked' },
      { keys: ['Drag'], does: 'Select the cells swept over' },
    ],
  },
  {
    title: 'Table: editing',
    items: [
      { keys: ['Enter', 'F2', 'Double-click'], does: 'Edit the cell' },
      { keys: ['Typing'], does: 'Replace the cell’s value with what is typed (but ?, which opens this list)' },
      { keys: ['Enter'], does: 'While editing: keep the value' },
      { keys: ['Tab', 'Shift+Tab'], does: 'While editing: keep it and edit the next or previous field' },
      { keys: ['Escape'], does: 'While editing: cancel' },
      { keys: ['Delete', 'Backspace'], does: 'Clear an optional field (lastmod, changefreq, priority)' },
      {
        keys: ['Ctrl+C'],
        does: 'Copy the range as tab-separated values (whole URLs); with the Select column in it, whole rows with a header row',
      },
      { keys: ['Ctrl+V'], does: 'Paste a column or a block from the focused cell down (checked, one undo step)' },
      { keys: ['Ctrl+D'], does: 'Fill the range down with its top row’s values' },
    ],
  },
  {
    title: 'Table: rows and columns',
    items: [
      { keys: ['Space'], does: 'On the Select column: select or unselect the row; on ext.: open the row’s details' },
      { keys: ['Ctrl+click'], does: 'Select or unselect the row' },
      { keys: ['Shift+click'], does: 'On a row’s checkbox: select every row from the last one chosen' },
      { keys: ['Ctrl+A'], does: 'Select every row shown' },
      { keys: ['Drag a header'], does: 'Move the column (the Columns menu’s ← → buttons do it from the keyboard)' },
      { keys: ['←', '→', 'Shift+←', 'Shift+→'], does: 'On a column’s resize handle: narrower or wider' },
      { keys: ['Enter', 'Double-click'], does: 'On a resize handle: fit the widest value shown' },
    ],
  },
  {
    title: 'Structure tree and diagram',
    items: [
      { keys: ['↑', '↓', 'Home', 'End'], does: 'Move between branches' },
      { keys: ['→', '←'], does: 'Open or close a branch' },
      { keys: ['Enter', 'Space'], does: 'Show the branch’s URLs' },
      { keys: ['M'], does: 'Diagram: move the branch' },
      { keys: ['F2'], does: 'Diagram: rename the branch' },
      { keys: ['A'], does: 'Diagram: add a page under the branch' },
    ],
  },
];

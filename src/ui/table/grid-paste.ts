import { parseTsv, planBlock, type BlockPlan } from '../../core/edit/paste-block';
import { appStore } from '../../store/app-store';
import type { RowView } from '../../worker/protocol';
import { columnLabel, metaOf, type GridColumn } from './grid-model';
import { decimalPointNotice, withDecimalPoint } from './cell-commit';
import type { Confirmation } from './GridConfirm';
import { describePaste } from './paste-words';
import type { Translator } from '../../i18n/translator';
import { msg } from '../../i18n/translator';

/** A paste or fill of more values than this asks first. */
const PASTE_CONFIRM = 50;

/**
 * Ctrl+V on the grid: the pasted text (one column or a block of several) lands
 * on the visible columns from the focused one and the rows from the focused
 * one down, one undo step. A large paste, or one with values the rules flag,
 * asks first through `confirm`, which says what is left out and what is invalid.
 */
export function pasteText(
  text: string,
  columns: readonly GridColumn[],
  col: number,
  pos: number,
  viewCount: number,
  confirm: (c: Confirmation) => void,
  words: Translator,
): void {
  if (text === '') return;
  const targets = columns.slice(col).map((c) => ({ label: columnLabel(metaOf(c), words), field: metaOf(c).field }));
  // Priorities pasted with a decimal comma (a Turkish or Serbian spreadsheet's 0,8) go in with a point, said after.
  let commas = 0;
  let example: [string, string] | null = null;
  const block = parseTsv(text).map((cells) =>
    cells.map((cell, j) => {
      const field = targets[j]?.field;
      const point = field ? withDecimalPoint(field, cell) : null;
      if (point === null) return cell;
      commas++;
      example ??= [cell, point];
      return point;
    }),
  );
  const plan = planBlock(block, targets, pos, viewCount);
  if (plan.columns.length === 0) {
    appStore.setState({
      notice: { kind: 'info', text: { id: 'paste.focusFirst' } },
    });
    return;
  }
  const said = example;
  const run = () =>
    void applyPlan(plan, pos).then((done) => {
      if (!done || !said) return;
      // After the paste's own notice, in the same bar.
      const pasted = appStore.getState().notice;
      const point = decimalPointNotice(said[0], said[1], commas);
      appStore.setState({
        notice: pasted ? { ...pasted, text: msg('notice.andThen', { first: pasted.text, then: point.text }) } : point,
      });
    });
  if (plan.cells <= PASTE_CONFIRM && plan.invalid.length === 0) {
    run();
    return;
  }
  confirm({ ...describePaste(plan, pos, words), action: words.t('paste.action'), run });
}

/** One pasted column keeps the column paste's own words; several go in one block step. */
function applyPlan(plan: BlockPlan, pos: number) {
  const single = plan.columns.length === 1 && plan.readOnly.length === 0 ? plan.columns[0] : undefined;
  if (single) return appStore.getState().pasteColumn(pos, single.field, single.values);
  return appStore.getState().pasteBlock(pos, plan.columns, plan.invalid.length);
}

/** Ctrl+D: each editable column of the range takes its top cell's value in every row below, one undo step for them all. */
export function fillDown(
  range: { top: number; bottom: number; left: number; right: number },
  columns: readonly GridColumn[],
  top: RowView | undefined,
  confirm: (c: Confirmation) => void,
  words: Translator,
): void {
  const count = range.bottom - range.top;
  if (!top || count === 0) return;
  const fill = columns.slice(range.left, range.right + 1).flatMap((c) => {
    const field = metaOf(c).field;
    return field ? [{ field, values: new Array<string>(count).fill(top[field]) }] : [];
  });
  if (fill.length === 0) return;
  const run = () => void appStore.getState().pasteBlock(range.top + 1, fill, 0);
  if (count <= PASTE_CONFIRM) {
    run();
    return;
  }
  confirm({
    title: words.t('fill.title', { count }),
    lines: [words.t('fill.line', { fields: fill.map((f) => f.field).join(', '), row: range.top + 1, count })],
    invalid: [],
    action: words.t('fill.action'),
    run,
  });
}

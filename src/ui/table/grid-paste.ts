import { parseTsv, planBlock, type BlockPlan } from '../../core/edit/paste-block';
import { appStore } from '../../store/app-store';
import type { RowView } from '../../worker/protocol';
import { metaOf, type GridColumn } from './grid-model';
import type { Confirmation } from './GridConfirm';
import { describePaste } from './paste-words';
import { formatNumber } from '../format';

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
): void {
  if (text === '') return;
  const targets = columns.slice(col).map((c) => ({ label: metaOf(c).label, field: metaOf(c).field }));
  const plan = planBlock(parseTsv(text), targets, pos, viewCount);
  if (plan.columns.length === 0) {
    appStore.setState({
      notice: { kind: 'info', text: 'To paste, focus a cell of loc, lastmod, changefreq or priority first.' },
    });
    return;
  }
  const run = () => void applyPlan(plan, pos);
  if (plan.cells <= PASTE_CONFIRM && plan.invalid.length === 0) {
    run();
    return;
  }
  const words = describePaste(plan, pos);
  confirm({ ...words, action: 'Paste', run });
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
    title: `Fill ${formatNumber(count)} rows down?`,
    lines: [
      `${fill.map((f) => f.field).join(', ')} of row ${formatNumber(range.top + 1)} into the ${formatNumber(count)} rows below it. Undo takes it back in one step.`,
    ],
    invalid: [],
    action: 'Fill down',
    run,
  });
}

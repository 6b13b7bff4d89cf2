import { splitPastedColumn } from '../../core/edit/bulk';
import type { UrlField } from '../../core/types';
import { appStore } from '../../store/app-store';
import { formatNumber } from '../format';

/** A pasted column longer than this asks first. */
const PASTE_CONFIRM = 50;

/** Pastes a column of values into `field` from the view's row `pos` down (one undo step, in the store). */
export function pasteIntoColumn(text: string, field: UrlField | undefined, pos: number, viewCount: number): void {
  if (!field) {
    appStore.setState({ notice: { kind: 'info', text: 'To paste a column, focus a cell of loc, lastmod, changefreq or priority first.' } });
    return;
  }
  if (text === '') return;
  const values = splitPastedColumn(text);
  const count = Math.min(values.length, viewCount - pos);
  if (count > PASTE_CONFIRM && !window.confirm(`Paste ${formatNumber(count)} values into ${field}, from row ${pos + 1} down?`)) return;
  void appStore.getState().pasteColumn(pos, field, values);
}

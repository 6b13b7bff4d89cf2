import { useMemo, useRef } from 'react';
import { appStore } from '../../store/app-store';
import { metaOf, type GridColumn } from './grid-model';

/**
 * Add URL: a new row, shown by the worker at the end of the view whatever the
 * filter, opened in its loc cell's editor. The answer is stable across
 * renders (the bar above the grid is not drawn again for it).
 */
export function useAddUrl(
  columns: readonly GridColumn[],
  openEditor: (pos: number, col: number, rowId: number) => void,
): () => void {
  const latest = useRef({ columns, openEditor });
  latest.current = { columns, openEditor };
  return useMemo(
    () => () =>
      void (async () => {
        const rowId = await appStore.getState().addRow();
        if (rowId === null) return;
        const pos = appStore.getState().viewCount - 1;
        const col = Math.max(
          0,
          latest.current.columns.findIndex((c) => metaOf(c).field === 'loc'),
        );
        latest.current.openEditor(pos, col, rowId);
      })(),
    [],
  );
}

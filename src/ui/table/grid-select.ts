import { appStore } from '../../store/app-store';

/** A Shift+click range larger than this is not selected (its ids would have to come from the worker). */
const MAX_RANGE = 100_000;

/**
 * Toggles the row at view position `pos` (stable id `id`); with Shift, every
 * row from the last one toggled (`anchor`) to this one takes its new state.
 */
export async function toggleRowSelection(
  pos: number,
  id: number,
  shift: boolean,
  anchor: { current: number | null },
): Promise<void> {
  // "All shown" becomes a list of ids before one row of it is changed.
  if (appStore.getState().selectAllView) appStore.getState().setSelected(await appStore.getState().viewIds(), true);
  const { selected: current, setSelected, fetchRows } = appStore.getState();
  const on = !current.has(id);
  const from = anchor.current;
  anchor.current = pos;
  if (!shift || from === null || from === pos) {
    setSelected([id], on);
    return;
  }
  const lo = Math.min(from, pos);
  const hi = Math.max(from, pos);
  if (hi - lo >= MAX_RANGE) return;
  void fetchRows(lo, hi + 1).then((rows) =>
    setSelected(
      rows.map((r) => r.id),
      on,
    ),
  );
}

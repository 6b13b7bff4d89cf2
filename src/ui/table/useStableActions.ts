import { useMemo, type RefObject } from 'react';
import type { RowActions } from './grid-model';

/**
 * One stable object for every row, calling the latest handlers: rows then
 * re-render only when their own data changes, not on every grid render.
 */
export function useStableActions(handlers: RefObject<RowActions | null>): RowActions {
  return useMemo<RowActions>(
    // spread-ok: each handler's own arguments, passed on
    () => ({
      toggleSelect: (...a) => handlers.current?.toggleSelect(...a),
      startEdit: (...a) => handlers.current?.startEdit(...a),
      setDraft: (...a) => handlers.current?.setDraft(...a),
      commit: (...a) => handlers.current?.commit(...a),
      cancel: () => handlers.current?.cancel(),
      openDetails: (...a) => handlers.current?.openDetails(...a),
    }),
    [handlers],
  );
}

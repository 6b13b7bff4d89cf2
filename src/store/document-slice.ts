import type { StateCreator } from 'zustand';
import type { HistoryState, SetSummary } from '../worker/protocol';
import type { AppState } from './app-store';
import { NO_HISTORY } from './history-slice';
import { NO_SELECTION } from './selection-slice';
import { viewMoved } from './view-slice';

/** Something the user should know about the last job; shown until dismissed or replaced. */
export interface Notice {
  kind: 'info' | 'error';
  text: string;
  /** A button beside the text, e.g. Retry for a job the lost worker failed. */
  action?: { label: string; run: () => void };
  /** Lines listed under the text, e.g. the values a merge of duplicates chose between. */
  details?: string[];
}

export interface DocumentSlice {
  /** What the worker reported about the imported set; null before any import. */
  summary: SetSummary | null;
  notice: Notice | null;
  dismissNotice: () => void;
}

/**
 * The one reset of the document on the page: another document shown whole
 * (restored), or none (cleared, or nothing came back). The table's rows, the
 * selection and the undo buttons follow.
 */
export function documentShown(
  s: Pick<AppState, 'viewVersion' | 'rowsVersion'>, summary: SetSummary | null, history: HistoryState = NO_HISTORY,
): Pick<AppState, 'summary' | 'viewCount' | 'history' | 'viewVersion' | 'rowsVersion' | 'selected' | 'selectAllView'> {
  return { summary, viewCount: summary?.viewCount ?? 0, history, ...viewMoved(s), ...NO_SELECTION };
}

export const createDocumentSlice: StateCreator<AppState, [], [], DocumentSlice> = (set) => ({
  summary: null,
  notice: null,
  dismissNotice: () => set({ notice: null }),
});

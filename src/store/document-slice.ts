import type { StateCreator } from 'zustand';
import type { SetSummary } from '../worker/protocol';
import type { AppState } from './app-store';

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

export const createDocumentSlice: StateCreator<AppState, [], [], DocumentSlice> = (set) => ({
  summary: null,
  notice: null,
  dismissNotice: () => set({ notice: null }),
});

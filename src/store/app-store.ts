import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SitemapWorkerClient } from '../worker/client';
import { createDocumentSlice, type DocumentSlice } from './document-slice';
import { createEditSlice, type EditSlice } from './edit-slice';
import { createHistorySlice, type HistorySlice } from './history-slice';
import { createJobsSlice, type JobsSlice, type WorkerClient } from './jobs-slice';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';
import { createTableSlice, type TableSlice } from './table-slice';
import { createViewSlice, type ViewSlice } from './view-slice';

export type AppState = DocumentSlice & JobsSlice & SettingsSlice & ViewSlice & EditSlice & TableSlice & HistorySlice;

/** The one store of the page, over a given worker client (a fake one in tests). */
export function createAppStore(client: WorkerClient): StoreApi<AppState> {
  return createStore<AppState>()((...a) => ({
    ...createDocumentSlice(...a),
    ...createJobsSlice(client)(...a),
    ...createSettingsSlice(...a),
    ...createViewSlice(client)(...a),
    ...createEditSlice(client)(...a),
    ...createTableSlice(client)(...a),
    ...createHistorySlice(client)(...a),
  }));
}

// The worker itself starts on the first job, not at page load.
export const appStore = createAppStore(new SitemapWorkerClient());

/** Reads the store through a selector; select small, stable values (or use useShallow). */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}

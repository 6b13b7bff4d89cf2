import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SitemapWorkerClient, type WorkerClient } from '../worker/client';
import { createBulkSlice, type BulkSlice } from './bulk-slice';
import { createCompareSlice, type CompareSlice } from './compare-slice';
import { createCsvSlice, type CsvSlice } from './csv-slice';
import { createDiagramSlice, type DiagramSlice } from './diagram-slice';
import { createDetailsSlice, type DetailsSlice } from './details-slice';
import { createDocumentSlice, type DocumentSlice } from './document-slice';
import { createEditSlice, type EditSlice } from './edit-slice';
import { createHistorySlice, type HistorySlice } from './history-slice';
import { createJobsSlice, type JobsSlice } from './jobs-slice';
import { createPersistSlice, type PersistSlice } from './persist-slice';
import { saveDelayFromAddress } from './save-delay';
import { installTestHooks } from './test-hooks';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';
import { createSettingsSlice, type SettingsSlice } from './settings-slice';
import { createStructureSlice, type StructureSlice } from './structure-slice';
import { createStreamSlice, type StreamSlice } from './stream-slice';
import { createTableSlice, type TableSlice } from './table-slice';
import { browserTabLock, type TabLink } from './tab-lock';
import { createTabsSlice, type TabsSlice } from './tabs-slice';
import { createViewSlice, type ViewSlice } from './view-slice';

export type AppState = DocumentSlice & JobsSlice & SettingsSlice & ViewSlice & SelectionSlice & EditSlice & TableSlice & HistorySlice & BulkSlice & PersistSlice & CsvSlice & DetailsSlice & CompareSlice & StructureSlice & StreamSlice & DiagramSlice & TabsSlice;

/** The one store of the page, over a given worker client (a fake one in tests). */
export function createAppStore(client: WorkerClient, tabs: TabLink | null = null): StoreApi<AppState> {
  return createStore<AppState>()((...a) => ({
    ...createDocumentSlice(...a),
    ...createJobsSlice(client)(...a),
    ...createSettingsSlice(client)(...a),
    ...createViewSlice(client)(...a),
    ...createEditSlice(client)(...a),
    ...createSelectionSlice(client)(...a),
    ...createTableSlice(client)(...a),
    ...createHistorySlice(client)(...a),
    ...createBulkSlice(client)(...a),
    ...createPersistSlice(client)(...a),
    ...createCsvSlice(client)(...a),
    ...createDetailsSlice(client)(...a),
    ...createCompareSlice(client)(...a),
    ...createStructureSlice(client)(...a),
    ...createStreamSlice(client)(...a),
    ...createDiagramSlice(client)(...a),
    ...createTabsSlice(client, tabs)(...a),
  }));
}

// The worker starts at page load, to restore the saved document (see App).
const workerClient = new SitemapWorkerClient(saveDelayFromAddress());
export const appStore = createAppStore(workerClient, browserTabLock());
installTestHooks(workerClient);

/** Reads the store through a selector; select small, stable values (or use useShallow). */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}

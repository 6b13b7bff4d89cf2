import { useStore } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SitemapWorkerClient, type WorkerClient } from '../worker/client';
import { createBulkSlice, type BulkSlice } from './bulk-slice';
import { createCompareSlice, type CompareSlice } from './compare-slice';
import { createCsvSlice, type CsvSlice } from './csv-slice';
import { createDiagramSlice, type DiagramSlice } from './diagram-slice';
import { createDetailsSlice, type DetailsSlice } from './details-slice';
import { createDocumentSlice, type DocumentSlice } from './document-slice';
import { createEditSlice, type EditSlice } from './edit-slice';
import { createExportSlice, type ExportSlice } from './export-slice';
import { createFixSlice, type FixSlice } from './fix-slice';
import { createHistorySlice, type HistorySlice } from './history-slice';
import { createJobsSlice, type JobsSlice } from './jobs-slice';
import { createLanguagesSlice, type LanguagesSlice } from './languages-slice';
import { createProblemsSlice, type ProblemsSlice } from './problems-slice';
import { hangTimeoutFromAddress, saveDelayFromAddress } from './address-timings';
import { installTestHooks } from './test-hooks';
import { createSelectionSlice, type SelectionSlice } from './selection-slice';
import { settingsPersistOptions } from './settings-persist';
import { createSettingsSlice, settingsRestored, type SettingsSlice } from './settings-slice';
import { createStructureSlice, type StructureSlice } from './structure-slice';
import { createStreamSlice, type StreamSlice } from './stream-slice';
import { browserTabLock, type TabLink } from './tab-lock';
import { createTabsSlice, type TabsSlice } from './tabs-slice';
import { createViewSlice, type ViewSlice } from './view-slice';

/** The whole state: one slice per concern (MAP.md lists them). */
export type AppState =
  // The document, what runs on it and the user's settings.
  DocumentSlice &
    JobsSlice &
    SettingsSlice &
    // The table: its view, its selection, and the edits made through it.
    ViewSlice &
    SelectionSlice &
    EditSlice &
    BulkSlice &
    HistorySlice &
    FixSlice &
    // Writing files.
    ExportSlice &
    CsvSlice &
    // The side panels and other views, one slice each.
    ProblemsSlice &
    CompareSlice &
    StructureSlice &
    DiagramSlice &
    LanguagesSlice &
    DetailsSlice &
    StreamSlice &
    // This tab's claim on the saved document.
    TabsSlice;

/**
 * The one store of the page, over a given worker client (a fake one in
 * tests). The settings are kept in `settings` (localStorage on the page; none
 * in store tests, where they last for the test).
 */
export function createAppStore(
  client: WorkerClient,
  tabs: TabLink | null = null,
  settings: StateStorage | null = null,
): StoreApi<AppState> {
  return createStore<AppState>()(
    persist(
      // spread-ok: zustand's three arguments (set, get, store), passed on to each slice
      (...a) => ({
        ...createDocumentSlice(client)(...a),
        ...createJobsSlice(client)(...a),
        ...createSettingsSlice(client)(...a),
        ...createViewSlice(client)(...a),
        ...createSelectionSlice(client)(...a),
        ...createEditSlice(client)(...a),
        ...createBulkSlice(client)(...a),
        ...createHistorySlice(client)(...a),
        ...createFixSlice(client)(...a),
        ...createExportSlice(client)(...a),
        ...createCsvSlice(client)(...a),
        ...createProblemsSlice(client)(...a),
        ...createCompareSlice(client)(...a),
        ...createStructureSlice(client)(...a),
        ...createDiagramSlice(client)(...a),
        ...createLanguagesSlice(client)(...a),
        ...createDetailsSlice(client)(...a),
        ...createStreamSlice(client)(...a),
        ...createTabsSlice(client, tabs)(...a),
      }),
      settingsPersistOptions(settings, (state) => settingsRestored(client, state)),
    ),
  );
}

/** The page's localStorage, or null where it is missing or refused (some private windows). */
function browserStorage(): StateStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// The worker starts at page load, to restore the saved document (see App).
const workerClient = new SitemapWorkerClient({
  saveDelayMs: saveDelayFromAddress(),
  hangTimeoutMs: hangTimeoutFromAddress(),
});
export const appStore = createAppStore(workerClient, browserTabLock(), browserStorage());
installTestHooks(workerClient);

/** Reads the store through a selector; select small, stable values (or use useShallow). */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}

import { msg } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import type { WorkerClient } from '../worker/client';
import type { ExportPrefs } from '../worker/protocol';
import type { AppState } from './app-store';
import type { ColumnLayout } from './column-layout';
import type { Language } from '../i18n/languages';

/** The export dialog's choices; the Site URL is the worker's (setSiteUrl). */
export type { ExportPrefs };

export const DEFAULT_EXPORT_PREFS: ExportPrefs = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  profile: 'standard',
  maxUrls: 50000,
  maxBytes: 52428800,
  schemaLocation: false,
  stylesheet: false,
  lastmodForm: 'as-is',
  layout: 'auto',
  newRowsTo: '',
};

/**
 * The user's settings. The Site URL, the export choices, whether the side
 * panels are open, the grid's column layout and the language outlive the tab
 * (settings-persist.ts says how).
 */
export interface SettingsSlice {
  /** Where the sitemaps will be served; decides which URLs they may list. '' when unknown. */
  siteUrl: string;
  /** Sets the Site URL and checks the imported set again against it. */
  setSiteUrl: (siteUrl: string) => void;
  /** Moves each time something asks the user to set the Site URL: the field takes the focus. */
  siteUrlFocus: number;
  focusSiteUrl: () => void;
  exportPrefs: ExportPrefs;
  setExportPrefs: (patch: Partial<ExportPrefs>) => void;
  /** The side panels (problems, compare, structure, lastmod) are shown beside the table. */
  sidePanelsOpen: boolean;
  setSidePanelsOpen: (open: boolean) => void;
  /** The grid's column layout as the user left it; null for the grid's default. */
  columnLayout: ColumnLayout | null;
  /** Sets the layout, or changes the one there (the grid fits it to its columns first). */
  setColumnLayout: (next: ColumnLayout | null | ((current: ColumnLayout | null) => ColumnLayout | null)) => void;
  /** The language the user chose in the header; null to follow the browser's languages. */
  language: Language | null;
  setLanguage: (language: Language | null) => void;
}

export function createSettingsSlice(client: WorkerClient): StateCreator<AppState, [], [], SettingsSlice> {
  return (set, get) => ({
    siteUrl: '',
    siteUrlFocus: 0,
    focusSiteUrl: () => set((s) => ({ siteUrlFocus: s.siteUrlFocus + 1 })),
    setSiteUrl: (raw) => {
      const siteUrl = raw.trim();
      if (siteUrl === get().siteUrl) return;
      set({ siteUrl });
      // With a document, a check job tells the worker (and shows the new totals).
      if (get().summary && get().job?.kind !== 'import') {
        void get().recheck();
        return;
      }
      // The worker holds the Site URL for the next import; one running now is checked again when it ends.
      client
        .call('setSiteUrl', { siteUrl })
        .catch((err: unknown) => get().reportFailure(msg('job.settingSiteUrl'), err, null));
    },
    exportPrefs: DEFAULT_EXPORT_PREFS,
    setExportPrefs: (patch) => set((s) => ({ exportPrefs: { ...s.exportPrefs, ...patch } })),
    sidePanelsOpen: true,
    setSidePanelsOpen: (sidePanelsOpen) => set({ sidePanelsOpen }),
    columnLayout: null,
    setColumnLayout: (next) => {
      const current = get().columnLayout;
      const columnLayout = typeof next === 'function' ? next(current) : next;
      if (columnLayout !== current) set({ columnLayout });
    },
    language: null,
    setLanguage: (language) => set({ language }),
  });
}

/**
 * A Site URL read from storage at page load goes to the worker, as if typed
 * (no document yet: the restore that follows is checked against it).
 */
export function settingsRestored(client: WorkerClient, state: Pick<AppState, 'siteUrl' | 'reportFailure'>): void {
  const { siteUrl } = state;
  if (!siteUrl) return;
  client
    .call('setSiteUrl', { siteUrl })
    .catch((err: unknown) => state.reportFailure(msg('job.settingSiteUrl'), err, null));
}

import type { StateCreator } from 'zustand';
import type { WorkerClient } from '../worker/client';
import type { ExportDownload, ExportPlan, ExportSettings, JobProgress } from '../worker/protocol';
import type { AppState } from './app-store';

/** The export dialog's work: the plan of the files, and writing them (the choices are settings). */
export interface ExportSlice {
  /** How writing the files goes; null before the worker reports, and when idle. */
  exportProgress: JobProgress | null;
  /** The files an export with the current settings would write. */
  planExport: () => Promise<ExportPlan>;
  /** Writes the files in the worker; null when it failed (the notice says why). */
  exportFiles: () => Promise<ExportDownload | null>;
  /** Says why a download was refused (a multi-file export with no origin), and asks for the Site URL. */
  refuseExport: (reason: string) => void;
}

/** The dialog's choices plus the Site URL: what an export depends on (the dialog plans again when it changes). */
export function exportSettingsOf(state: Pick<AppState, 'exportPrefs' | 'siteUrl'>): ExportSettings {
  return { ...state.exportPrefs, siteUrl: state.siteUrl };
}

export function createExportSlice(client: WorkerClient): StateCreator<AppState, [], [], ExportSlice> {
  return (set, get) => ({
    exportProgress: null,
    refuseExport: (reason) => {
      set({ notice: { kind: 'error', text: `Download refused. ${reason}` } });
      get().focusSiteUrl();
    },
    planExport: () => client.call('planExport', { settings: get().exportPrefs, includePlanned: get().includePlanned }),
    exportFiles: async () => {
      if (!get().summary || get().editTask || get().job) return null;
      set({ editTask: 'export', exportProgress: null });
      try {
        return await client.call(
          'export',
          { settings: get().exportPrefs, includePlanned: get().includePlanned },
          {
            onProgress: (progress) => set({ exportProgress: progress }),
          },
        );
      } catch (err) {
        get().reportFailure('Export', err, null);
        return null;
      } finally {
        set({ editTask: null, exportProgress: null });
      }
    },
  });
}

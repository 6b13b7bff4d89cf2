import { msg, verbatim } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import { errorMessage } from '../core/text/error-message';
import { isAbortError, type WorkerClient } from '../worker/client';
import type { ExportDownload, ExportPlan, ExportSettings, JobProgress } from '../worker/protocol';
import type { AppState } from './app-store';

/** The export dialog's work: the plan of the files, and writing them (the choices are settings). */
export interface ExportSlice {
  /** How writing the files goes; null before the worker reports, and when idle. */
  exportProgress: JobProgress | null;
  /**
   * Why the last export failed, for the dialog (the notice behind a modal
   * dialog is out of reach); null after a success or a new start.
   */
  exportFailure: string | null;
  /** The files an export with the current settings would write. */
  planExport: () => Promise<ExportPlan>;
  /**
   * Writes the files in the worker; null when it failed (the notice and
   * `exportFailure` say why). `retry`: what the notice's Retry does (the
   * dialog downloads again).
   */
  exportFiles: (retry?: () => void) => Promise<ExportDownload | null>;
  /** Forgets the last failure (the dialog closed). */
  clearExportFailure: () => void;
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
      set({ notice: { kind: 'error', text: msg('export.refused', { reason: verbatim(reason) }) } });
      get().focusSiteUrl();
    },
    exportFailure: null,
    clearExportFailure: () => set({ exportFailure: null }),
    planExport: () => client.call('planExport', { settings: get().exportPrefs, includePlanned: get().includePlanned }),
    exportFiles: async (retry) => {
      if (!get().summary || get().editTask || get().job) return null;
      set({ editTask: 'export', exportProgress: null, exportFailure: null });
      try {
        return await client.call(
          'export',
          { settings: get().exportPrefs, includePlanned: get().includePlanned },
          {
            onProgress: (progress) => set({ exportProgress: progress }),
          },
        );
      } catch (err) {
        if (!isAbortError(err)) set({ exportFailure: errorMessage(err) });
        get().reportFailure(msg('job.export'), err, retry ?? null);
        return null;
      } finally {
        set({ editTask: null, exportProgress: null });
      }
    },
  });
}

import type { Message } from '../core/base/message';
import { msg, verbatim } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import { errorMessage } from '../core/text/error-message';
import type { WorkerClient } from '../worker/client';
import type { CsvDownload, CsvScope, JobProgress } from '../worker/protocol';
import type { AppState } from './app-store';

interface CsvExportState {
  /** The rows being written, or null when none is. */
  running: CsvScope | null;
  progress: JobProgress | null;
  /** Why the last CSV could not be written; null after a success. */
  error: Message | null;
}

export interface CsvSlice {
  csvExport: CsvExportState;
  /**
   * Writes the table as CSV in the worker: the current view or every row.
   * Null when it could not run now (another job, nothing imported) or failed
   * (`csvExport.error` and the notice say why).
   */
  exportCsv: (scope: CsvScope, retry?: () => void) => Promise<CsvDownload | null>;
}

const IDLE: CsvExportState = { running: null, progress: null, error: null };

export function createCsvSlice(client: WorkerClient): StateCreator<AppState, [], [], CsvSlice> {
  return (set, get) => ({
    csvExport: IDLE,
    exportCsv: async (scope, retry) => {
      const s = get();
      if (!s.summary || s.job || s.editTask || s.csvExport.running) return null;
      set({ csvExport: { running: scope, progress: null, error: null } });
      try {
        const csv = await client.call(
          'exportCsv',
          { scope },
          {
            onProgress: (progress) => set((st) => ({ csvExport: { ...st.csvExport, progress } })),
          },
        );
        set({ csvExport: IDLE });
        return csv;
      } catch (err) {
        set({ csvExport: { running: null, progress: null, error: verbatim(errorMessage(err)) } });
        get().reportFailure(msg('job.csvExport'), err, retry ?? null);
        return null;
      }
    },
  });
}

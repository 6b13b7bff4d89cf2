import type { StateCreator } from 'zustand';
import type { FileStatus } from '../core/check/file-status';
import type { SourceLines } from '../core/read/source-lines';
import type { WorkerClient } from '../worker/client';
import type { AppState } from './app-store';

/**
 * What the Problems panel reads from the worker besides the summary's counts:
 * each sitemap file's status (its Sitemaps list) and the source lines of a
 * file problem. Its buttons use the fix slice (Fix all, one-click fixes) and
 * the view slice (filter by code, reveal a row).
 */
export interface ProblemsSlice {
  /** Each sitemap file's status, for the Sitemaps list; empty when there is no document. */
  fileStatus: () => Promise<FileStatus[]>;
  /** The source lines around a place in an imported file; null when the file is not at hand (a restored document). */
  sourceLines: (file: string, line: number, column: number) => Promise<SourceLines | null>;
}

export function createProblemsSlice(client: WorkerClient): StateCreator<AppState, [], [], ProblemsSlice> {
  return (_set, get) => ({
    fileStatus: async () => {
      if (!get().summary) return [];
      return client.call('fileStatus', {});
    },
    sourceLines: async (file, line, column) => {
      try {
        return await client.call('sourceLines', { file, line, column });
      } catch {
        // Not at hand is an answer too: the panel shows the problem without its lines.
        return null;
      }
    },
  });
}

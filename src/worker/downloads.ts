/*
 * What the document gives to download: the export's plan and files, and the
 * table as CSV. The session owns the rows, their check and the view.
 */
import type { CheckResult } from '../core/check/check-result';
import type { SitemapSet } from '../core/read/sitemap-set';
import { csvDownload } from './csv-export';
import { exportInline, exportWith, planExport } from './export-session';
import type { CsvDownload, CsvScope, ExportDownload, ExportPlan, ExportSettings } from './protocol';

export interface DownloadsHost {
  set: () => SitemapSet;
  result: () => CheckResult;
  /** The rows the table shows, in its order. */
  view: () => Uint32Array;
}

type Progress = (done: number, total: number) => void;

export class Downloads {
  constructor(private readonly host: DownloadsHost) {}

  planExport(settings: ExportSettings, includePlanned = false): ExportPlan {
    return planExport(this.host.set(), settings, includePlanned);
  }

  /** The table as CSV: the current view (filter and sort) or every row. */
  exportCsv(scope: CsvScope, onProgress?: Progress): CsvDownload {
    return csvDownload(this.host.set(), this.host.result(), scope, this.host.view(), onProgress);
  }

  /** The export gzipped inline by fflate: the reference the native compressor's export is compared with. */
  export(settings: ExportSettings, onProgress: Progress): ExportDownload {
    return exportInline(this.host.set(), settings, onProgress);
  }

  /** The export with every file gzipped by `gzip` (the platform's compressor), see export-session.ts. */
  exportWith(
    settings: ExportSettings,
    onProgress: Progress,
    gzip: (raw: Uint8Array) => Promise<Uint8Array>,
    includePlanned = false,
  ): Promise<ExportDownload> {
    return exportWith(this.host.set(), settings, onProgress, gzip, includePlanned);
  }
}

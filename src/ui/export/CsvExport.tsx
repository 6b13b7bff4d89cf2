import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ViewQuery } from '../../core/view/query';
import { appStore, useAppStore } from '../../store/app-store';
import type { CsvScope } from '../../worker/protocol';
import { formatBytes, formatNumber, plural } from '../format';
import { saveParts } from './download';
import './csv-export.css';

/**
 * The table as a CSV file for spreadsheets: the rows as the table shows them
 * (its filter and sort) or every row. Written in the worker, whatever the
 * size; the sitemap export's settings do not apply to it.
 */
export function CsvExport() {
  const { viewCount, urlCount, query, busy, csv } = useAppStore(
    useShallow((s) => ({
      viewCount: s.viewCount,
      urlCount: s.summary?.urlCount ?? 0,
      query: s.query,
      busy: s.job !== null || s.editTask !== null || s.csvExport.running !== null,
      csv: s.csvExport,
    })),
  );
  const [scope, setScope] = useState<CsvScope>('view');
  const [done, setDone] = useState<{ fileName: string; bytes: number; rows: number } | null>(null);

  // recursion-ok: it hands itself to the notice's Retry, called by a click after it has ended
  async function download() {
    setDone(null);
    const result = await appStore.getState().exportCsv(scope, () => void download());
    if (!result) return;
    saveParts(result.parts, result.fileName, result.mimeType);
    setDone({ fileName: result.fileName, bytes: result.bytes, rows: result.rows });
  }

  const running = csv.running !== null;
  return (
    <section className="csv-export" aria-labelledby="csv-export-title">
      <h3 id="csv-export-title">Table as CSV</h3>
      <p className="muted csv-export-note">
        For spreadsheets: loc, lastmod, changefreq, priority, extension counts, source file and problem codes.
      </p>
      <fieldset className="choice" disabled={running}>
        <legend>Rows</legend>
        <label className="option">
          <input type="radio" name="csv-scope" checked={scope === 'view'} onChange={() => setScope('view')} />
          {/* One inline run, so a long description wraps under the label rather than beside it. */}
          <span>
            As the table shows them <span className="muted">{describeView(query, viewCount, urlCount)}</span>
          </span>
        </label>
        <label className="option">
          <input type="radio" name="csv-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
          <span>
            Every row <span className="muted">{plural(urlCount, 'row')}, in import order</span>
          </span>
        </label>
      </fieldset>
      <div className="csv-export-actions">
        <button type="button" className="button" onClick={() => void download()} disabled={busy}>
          Download CSV
        </button>
        <CsvStatus running={running} progress={csv.progress} error={csv.error} done={done} />
      </div>
    </section>
  );
}

function CsvStatus({
  running,
  progress,
  error,
  done,
}: {
  running: boolean;
  progress: { bytesDone: number; bytesTotal: number } | null;
  error: string | null;
  done: { fileName: string; bytes: number; rows: number } | null;
}) {
  if (running) {
    const known = progress !== null && progress.bytesTotal > 0;
    return (
      <div className="csv-export-status csv-export-progress" role="status">
        <span>
          {known
            ? `Writing CSV… ${formatNumber(progress.bytesDone)} of ${plural(progress.bytesTotal, 'row')}`
            : 'Writing CSV…'}
        </span>
        <progress
          aria-label="CSV progress"
          max={known ? progress.bytesTotal : undefined}
          value={known ? progress.bytesDone : undefined}
        />
      </div>
    );
  }
  if (error) {
    return (
      <p className="csv-export-status field-error" role="alert">
        The CSV could not be written: {error}
      </p>
    );
  }
  return (
    <p className="csv-export-status" role="status">
      {done && (
        <>
          Downloaded <strong>{done.fileName}</strong> ({formatBytes(done.bytes)}, {plural(done.rows, 'row')}).
        </>
      )}
    </p>
  );
}

const SORT_NAMES: Record<string, string> = { file: 'source file' };

/** "3 of 5 rows, filtered, sorted by lastmod (descending)". */
function describeView(query: ViewQuery, viewCount: number, urlCount: number): string {
  const filtered =
    query.text.trim() !== '' ||
    query.code !== null ||
    query.onlyProblems ||
    query.fieldValue !== null ||
    (query.prefix ?? '') !== '';
  const parts = [
    viewCount === urlCount ? plural(viewCount, 'row') : `${formatNumber(viewCount)} of ${plural(urlCount, 'row')}`,
  ];
  if (filtered) parts.push('filtered');
  if (query.sort)
    parts.push(
      `sorted by ${SORT_NAMES[query.sort.key] ?? query.sort.key} (${query.sort.dir === 'asc' ? 'ascending' : 'descending'})`,
    );
  return parts.join(', ');
}

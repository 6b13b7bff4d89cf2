import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ViewQuery } from '../../core/view/query';
import { appStore, useAppStore } from '../../store/app-store';
import type { CsvScope } from '../../worker/protocol';
import type { Message } from '../../core/base/message';
import { useWords, type Words } from '../i18n/words';
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
  const words = useWords();

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
      <h3 id="csv-export-title">{words.t('csv.title')}</h3>
      <p className="muted csv-export-note">{words.t('csv.note')}</p>
      <fieldset className="choice" disabled={running}>
        <legend>{words.t('csv.rows')}</legend>
        <label className="option">
          <input type="radio" name="csv-scope" checked={scope === 'view'} onChange={() => setScope('view')} />
          {/* One inline run, so a long description wraps under the label rather than beside it. */}
          <span>
            {words.t('csv.asShown')} <span className="muted">{describeView(query, viewCount, urlCount, words)}</span>
          </span>
        </label>
        <label className="option">
          <input type="radio" name="csv-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
          <span>
            {words.t('csv.everyRow')} <span className="muted">{words.t('csv.importOrder', { count: urlCount })}</span>
          </span>
        </label>
      </fieldset>
      <div className="csv-export-actions">
        <button type="button" className="button" onClick={() => void download()} disabled={busy}>
          {words.t('csv.download')}
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
  error: Message | null;
  done: { fileName: string; bytes: number; rows: number } | null;
}) {
  const words = useWords();
  if (running) {
    const known = progress !== null && progress.bytesTotal > 0;
    return (
      <div className="csv-export-status csv-export-progress" role="status">
        <span>
          {known
            ? words.t('csv.writingRows', { done: progress.bytesDone, total: progress.bytesTotal })
            : words.t('csv.writing')}
        </span>
        <progress
          aria-label={words.t('csv.progress')}
          max={known ? progress.bytesTotal : undefined}
          value={known ? progress.bytesDone : undefined}
        />
      </div>
    );
  }
  if (error) {
    return (
      <p className="csv-export-status field-error" role="alert">
        {words.t('csv.failed', { why: error })}
      </p>
    );
  }
  return (
    <p className="csv-export-status" role="status">
      {done && (
        <>
          {words.rich('csv.downloaded', {
            name: <strong>{done.fileName}</strong>,
            size: words.bytes(done.bytes),
            rows: done.rows,
          })}
        </>
      )}
    </p>
  );
}

/** "3 of 5 rows, filtered, sorted by lastmod (descending)". */
function describeView(query: ViewQuery, viewCount: number, urlCount: number, words: Words): string {
  const filtered =
    query.text.trim() !== '' ||
    query.code !== null ||
    query.onlyProblems ||
    query.fieldValue !== null ||
    (query.prefix ?? '') !== '';
  const parts = [
    viewCount === urlCount
      ? words.t('csv.rowCount', { count: viewCount })
      : words.t('csv.rowsOf', { shown: viewCount, count: urlCount }),
  ];
  if (filtered) parts.push(words.t('csv.filtered'));
  if (query.sort) {
    // Column names are the protocol's, but for the source file.
    const key = query.sort.key === 'file' ? words.t('column.file') : query.sort.key;
    parts.push(words.t(query.sort.dir === 'asc' ? 'csv.sortedAsc' : 'csv.sortedDesc', { key }));
  }
  return parts.join(words.t('list.separator'));
}

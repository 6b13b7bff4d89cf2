import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useModalDialog } from '../useModalDialog';
import { useShallow } from 'zustand/react/shallow';
import { appStore, useAppStore } from '../../store/app-store';
import { exportSettingsOf } from '../../store/export-slice';
import type { ExportDownload } from '../../worker/protocol';
import { formatBytes, formatNumber, plural } from '../format';
import { canFixNow } from '../../core/rules';
import { saveBytes } from './download';
import { ExportOptions } from './ExportOptions';
import { ExportPreview, RobotsLines } from './ExportPreview';
import { CsvExport } from './CsvExport';
import { useExportPlan } from './useExportPlan';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Closes the dialog and puts the cursor in the toolbar's Site URL field. */
  onEditSiteUrl: () => void;
}

/**
 * The export options, a preview of the files, and the download. A native
 * modal <dialog>: the page behind is inert (focus stays inside) and Escape
 * closes it, except while the files are being written.
 */
export function ExportDialog({ open, onClose, onEditSiteUrl }: Props) {
  const ref = useModalDialog(open);
  const exporting = useAppStore((s) => s.editTask === 'export');

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Escape while writing: the download is still coming, keep it in view.
    if (exporting) event.preventDefault();
  }

  return (
    <dialog
      ref={ref}
      className="export-dialog"
      aria-labelledby="export-title"
      aria-modal="true"
      onClose={onClose}
      onCancel={onCancel}
    >
      {open && <ExportBody onClose={onClose} onEditSiteUrl={onEditSiteUrl} />}
    </dialog>
  );
}

type Step = 'options' | 'confirm';

function ExportBody({ onClose, onEditSiteUrl }: Omit<Props, 'open'>) {
  const { prefs, siteUrl, errors, fixableErrors, busy, task, progress, failure } = useAppStore(
    useShallow((s) => ({
      prefs: s.exportPrefs,
      siteUrl: s.siteUrl,
      // What the export repairs by writing (a recovered file written well-formed) is not left to confirm.
      errors:
        (s.summary?.counts.error ?? 0) -
        (s.summary?.groups ?? []).reduce((n, g) => n + (g.severity === 'error' ? (g.repairedOnExport ?? 0) : 0), 0),
      fixableErrors: (s.summary?.groups ?? []).reduce(
        (n, g) => n + (g.severity === 'error' && canFixNow(g.code) ? g.count : 0),
        0,
      ),
      busy: s.job !== null || s.editTask !== null,
      task: s.editTask,
      progress: s.exportProgress,
      failure: s.exportFailure,
    })),
  );
  const setExportPrefs = useAppStore((s) => s.setExportPrefs);
  const planState = useExportPlan(true);
  const [step, setStep] = useState<Step>('options');
  const [fixedFirst, setFixedFirst] = useState(false);
  const [done, setDone] = useState<{ download: ExportDownload; key: string } | null>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);

  const settingsKey = JSON.stringify(exportSettingsOf({ exportPrefs: prefs, siteUrl }));
  const finished = done && done.key === settingsKey ? done.download : null;

  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
  }, [step]);

  // A failure belongs to the dialog it happened in: a new one starts without it.
  useEffect(() => () => appStore.getState().clearExportFailure(), []);

  async function download() {
    setStep('options');
    const result = await appStore.getState().exportFiles(() => void download());
    if (!result) return;
    saveBytes(result.bytes, result.fileName, result.mimeType);
    setDone({ download: result, key: settingsKey });
  }

  function onDownload() {
    if (errors > 0) {
      setFixedFirst(false);
      setStep('confirm');
    } else void download();
  }

  async function fixThenDownload() {
    const outcome = await appStore.getState().fixCodes('all');
    if (!outcome) return;
    const repaired = outcome.summary.groups.reduce(
      (n, g) => n + (g.severity === 'error' ? (g.repairedOnExport ?? 0) : 0),
      0,
    );
    if (outcome.summary.counts.error - repaired === 0) {
      await download();
    } else {
      setFixedFirst(true);
      setStep('confirm');
    }
  }

  const planned = planState.plan;
  const robotsTxt = finished ? finished.robotsTxt : (planned?.robotsTxt ?? '');

  return (
    <div className="export-body">
      <div className="dialog-head">
        <h2 id="export-title">Export sitemaps</h2>
        <p className="muted">Written in this browser; nothing is uploaded.</p>
      </div>

      <div className="dialog-scroll">
        <div className="export-grid">
          <div className="export-col">
            <SiteUrlSummary siteUrl={siteUrl} onEdit={onEditSiteUrl} disabled={task === 'export'} />
            <ExportOptions prefs={prefs} onChange={setExportPrefs} disabled={task === 'export'} />
          </div>
          <div className="export-col">
            <ExportPreview state={planState} />
            <RobotsLines
              text={robotsTxt}
              note={
                siteUrl
                  ? 'Add these lines to the robots.txt at the root of the site.'
                  : 'Without a Site URL these lines name the files only: set it for absolute URLs.'
              }
            />
            <CsvExport />
          </div>
        </div>
      </div>

      <div className="dialog-foot">
        {step === 'confirm' ? (
          <section className="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-text">
            <h3 id="confirm-title" ref={confirmRef} tabIndex={-1}>
              {plural(errors, 'error')} {errors === 1 ? 'remains' : 'remain'}
            </h3>
            <p id="confirm-text">
              {fixedFirst
                ? `The automatic fixes are done; ${plural(errors, 'error')} need${errors === 1 ? 's' : ''} a manual fix. Search engines reject or skip what is wrong.`
                : `Search engines reject or skip what is wrong. ${
                    fixableErrors > 0
                      ? `${formatNumber(fixableErrors)} of them can be fixed automatically.`
                      : 'None can be fixed automatically.'
                  }`}
            </p>
            <div className="confirm-actions">
              {!fixedFirst && fixableErrors > 0 && (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy}
                  onClick={() => void fixThenDownload()}
                >
                  {task === 'fix' ? 'Fixing…' : 'Fix all first'}
                </button>
              )}
              <button type="button" className="button" disabled={busy} onClick={() => void download()}>
                Continue with errors
              </button>
              <button type="button" className="button button-quiet" disabled={busy} onClick={() => setStep('options')}>
                Back
              </button>
            </div>
          </section>
        ) : (
          <>
            <ExportStatus
              task={task}
              progress={progress}
              finished={finished}
              failure={failure}
              onRetry={() => void download()}
            />
            <div className="foot-actions">
              <button type="button" className="button" onClick={onClose} disabled={task === 'export'}>
                Close
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={onDownload}
                disabled={busy || !planned || planned.files.length === 0}
              >
                Download
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function SiteUrlSummary({ siteUrl, onEdit, disabled }: { siteUrl: string; onEdit: () => void; disabled: boolean }) {
  return (
    <div className={`export-site${siteUrl ? '' : ' export-site-missing'}`}>
      <span className="export-site-title">Served from</span>
      {siteUrl ? (
        <code className="export-site-url">{siteUrl}</code>
      ) : (
        <span>No Site URL yet: the index and robots.txt need it to give absolute URLs.</span>
      )}
      <button type="button" className="link-button" onClick={onEdit} disabled={disabled}>
        {siteUrl ? 'Change in the toolbar' : 'Set it in the toolbar'}
      </button>
    </div>
  );
}

function ExportStatus({
  task,
  progress,
  finished,
  failure,
  onRetry,
}: {
  task: string | null;
  progress: { bytesDone: number; bytesTotal: number } | null;
  finished: ExportDownload | null;
  /** Why the last download failed: said here, where the user is, with Retry (the notice is behind the dialog). */
  failure: string | null;
  onRetry: () => void;
}) {
  if (task === 'export') {
    const known = progress !== null && progress.bytesTotal > 0;
    return (
      <div className="export-status" role="status">
        <span>
          {known
            ? `Writing sitemaps… ${formatNumber(progress.bytesDone)} of ${plural(progress.bytesTotal, 'URL')}`
            : 'Writing sitemaps…'}
        </span>
        <progress
          aria-label="Export progress"
          max={known ? progress.bytesTotal : undefined}
          value={known ? progress.bytesDone : undefined}
        />
      </div>
    );
  }
  if (finished) {
    const notes = finished.problems;
    return (
      <div className="export-status" role="status">
        <span>
          Downloaded <strong>{finished.fileName}</strong> ({formatBytes(finished.bytes.length)}
          {finished.files.length > 1 ? `, ${plural(finished.files.length, 'file')} and robots.txt` : ''}).
        </span>
        {notes.length > 0 && (
          <ul className="export-notes">
            {notes.map((p, i) => (
              <li key={i}>
                <code>{p.code}</code> {p.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (failure) {
    return (
      <div className="export-status field-error" role="alert">
        <span>Export failed: {failure} Nothing was downloaded.</span>
        <button type="button" className="button" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  return <div className="export-status" />;
}

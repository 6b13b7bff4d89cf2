import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useModalDialog } from '../useModalDialog';
import { useShallow } from 'zustand/react/shallow';
import { appStore, useAppStore } from '../../store/app-store';
import { exportSettingsOf } from '../../store/export-slice';
import { fixableCount, type ExportDownload, type ExportPlan } from '../../worker/protocol';
import { formatBytes, formatNumber, plural } from '../format';
import { saveBytes } from './download';
import { ExportOptions } from './ExportOptions';
import { ExportPreview, RobotsLines } from './ExportPreview';
import { CsvExport } from './CsvExport';
import { useExportPlan } from './useExportPlan';
import { PlannedPagesOption } from '../diagram/PlannedPagesOption';

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
  const { prefs, siteUrl, guess, errors, fixableErrors, busy, task, progress, failure } = useAppStore(
    useShallow((s) => ({
      prefs: s.exportPrefs,
      siteUrl: s.siteUrl,
      // The origin every URL shares: a guess, shown as such, that the user confirms.
      guess: s.summary?.commonOrigin?.sole ? `${s.summary.commonOrigin.origin}/` : null,
      // What the export repairs by writing (a recovered file written well-formed) is not left to confirm.
      errors:
        (s.summary?.counts.error ?? 0) -
        (s.summary?.groups ?? []).reduce((n, g) => n + (g.severity === 'error' ? (g.repairedOnExport ?? 0) : 0), 0),
      fixableErrors: (s.summary?.groups ?? []).reduce((n, g) => n + (g.severity === 'error' ? fixableCount(g) : 0), 0),
      busy: s.job !== null || s.editTask !== null,
      task: s.editTask,
      progress: s.exportProgress,
      failure: s.exportFailure,
    })),
  );
  // Files that end early (cut off): writing what was read of them is not a repair, so Download asks.
  const partial = useAppStore(useShallow((s) => (s.summary?.files ?? []).filter((f) => f.partial).map((f) => f.name)));
  const setExportPrefs = useAppStore((s) => s.setExportPrefs);
  const planState = useExportPlan(true);
  const planned = planState.plan;
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

  // recursion-ok: it hands itself to the notice's Retry, called by a click after it has ended
  async function download() {
    setStep('options');
    const result = await appStore.getState().exportFiles(() => void download());
    if (!result) return;
    saveBytes(result.bytes, result.fileName, result.mimeType);
    setDone({ download: result, key: settingsKey });
  }

  function onDownload() {
    // Never a relative location: without an origin, say why and put the cursor where it is set.
    if (planned?.refused) {
      appStore.getState().refuseExport(planned.refused);
      onEditSiteUrl();
      return;
    }
    if (errors > 0 || partial.length > 0) {
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
            <SiteUrlSummary
              siteUrl={siteUrl}
              plan={planned}
              guess={guess}
              onEdit={onEditSiteUrl}
              disabled={task === 'export'}
            />
            <ExportOptions prefs={prefs} plan={planned} onChange={setExportPrefs} disabled={task === 'export'} />
            <PlannedPagesOption plan={finished ?? planState.plan} />
          </div>
          <div className="export-col">
            <ExportPreview state={planState} />
            <RobotsLines
              text={robotsTxt}
              note={
                robotsTxt
                  ? 'Add these lines to the robots.txt at the root of the site.'
                  : 'No line without a Site URL: robots.txt needs the absolute URL of the sitemap.'
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
            {partial.length > 0 && (
              <p data-testid="partial-files">
                {partial.length === 1 ? `${partial[0]} ends early` : `${partial.join(', ')} end early`}: only what was
                read before the cut is written, and what followed is lost.
              </p>
            )}
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

/**
 * Where the files are served: the Site URL, else the imported index's own
 * URLs (used as they are), else nothing, with the origin every URL shares
 * offered as a real value to confirm, never taken silently.
 */
function SiteUrlSummary({
  siteUrl,
  plan,
  guess,
  onEdit,
  disabled,
}: {
  siteUrl: string;
  plan: ExportPlan | null;
  guess: string | null;
  onEdit: () => void;
  disabled: boolean;
}) {
  const setSiteUrl = useAppStore((s) => s.setSiteUrl);
  const fromIndex = !siteUrl && plan?.origin.from === 'index' ? plan.origin.url : '';
  const missing = !siteUrl && !fromIndex;
  return (
    <div className={`export-site${missing && plan?.refused ? ' export-site-missing' : ''}`}>
      <span className="export-site-title">Served from</span>
      {siteUrl ? (
        <code className="export-site-url">{siteUrl}</code>
      ) : fromIndex ? (
        <>
          <code className="export-site-url">{fromIndex}</code>
          <span className="export-site-from">as your sitemap index says</span>
        </>
      ) : (
        <span>No Site URL yet.</span>
      )}
      {missing && guess && (
        <button type="button" className="button button-quiet" onClick={() => setSiteUrl(guess)} disabled={disabled}>
          Use {guess}
        </button>
      )}
      <button type="button" className="link-button" onClick={onEdit} disabled={disabled}>
        {siteUrl ? 'Change in the toolbar' : 'Set it in the toolbar'}
      </button>
      {missing && plan?.refused && (
        <p className="export-site-reason" id="export-refused">
          {plan.refused}
          {guess ? ` Every URL is on ${guess}: confirm it with “Use ${guess}”.` : ''}
        </p>
      )}
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

import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useModalDialog } from '../useModalDialog';
import { useShallow } from 'zustand/react/shallow';
import { appStore, useAppStore } from '../../store/app-store';
import { exportSettingsOf } from '../../store/export-slice';
import type { ExportDownload, ExportPlan } from '../../worker/protocol';
import { fixableLeftByExport } from '../../core/write/export-repairs';
import { RelativeOnExport } from '../problems/ProblemGroupItem';
import { useWords } from '../i18n/words';
import { problemText } from '../../i18n/problem-text';
import { saveBytes } from './download';
import { ExportOptions } from './ExportOptions';
import { ExportPreview, RobotsLines } from './ExportPreview';
import { CsvExport } from './CsvExport';
import { useExportPlan } from './useExportPlan';
import { PlannedPagesOption } from '../diagram/PlannedPagesOption';
import { LOC_NOT_ABSOLUTE } from '../../core/rules/loc/loc-rules';

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
      // Of what Fix all fixes, what the export leaves wrong (an index's relative child locs it writes absolute are not).
      fixableErrors: (s.summary?.groups ?? []).reduce(
        (n, g) => n + (g.severity === 'error' ? fixableLeftByExport(g) : 0),
        0,
      ),
      busy: s.job !== null || s.editTask !== null,
      task: s.editTask,
      progress: s.exportProgress,
      failure: s.exportFailure,
    })),
  );
  // Files that end early (cut off): writing what was read of them is not a repair, so Download asks.
  const partial = useAppStore(useShallow((s) => (s.summary?.files ?? []).filter((f) => f.partial).map((f) => f.name)));
  const setExportPrefs = useAppStore((s) => s.setExportPrefs);
  const relative = useAppStore((s) =>
    (s.summary?.groups ?? []).find((g) => g.code === LOC_NOT_ABSOLUTE.code && g.repairedFrom),
  );
  const planState = useExportPlan(true);
  const planned = planState.plan;
  const [step, setStep] = useState<Step>('options');
  const [fixedFirst, setFixedFirst] = useState(false);
  const [done, setDone] = useState<{ download: ExportDownload; key: string } | null>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const words = useWords();

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
        <h2 id="export-title">{words.t('export.title')}</h2>
        <p className="muted">{words.t('export.local')}</p>
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
            {relative && <RelativeOnExport group={relative} />}
            <ExportOptions prefs={prefs} plan={planned} onChange={setExportPrefs} disabled={task === 'export'} />
            <PlannedPagesOption plan={finished ?? planState.plan} />
          </div>
          <div className="export-col">
            <ExportPreview state={planState} />
            <RobotsLines text={robotsTxt} note={words.t(robotsTxt ? 'export.robotsNote' : 'export.robotsNone')} />
            <CsvExport />
          </div>
        </div>
      </div>

      <div className="dialog-foot">
        {step === 'confirm' ? (
          <section className="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-text">
            <h3 id="confirm-title" ref={confirmRef} tabIndex={-1}>
              {words.t('export.remain', { count: errors })}
            </h3>
            <p id="confirm-text">
              {fixedFirst
                ? words.t('export.fixedNeedManual', { count: errors })
                : words.t('export.rejectOrSkip', { fixable: fixableErrors })}
            </p>
            {partial.length > 0 && (
              <p data-testid="partial-files">
                {words.t('export.partial', { count: partial.length, files: partial.join(', ') })}
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
                  {words.t(task === 'fix' ? 'export.fixing' : 'export.fixFirst')}
                </button>
              )}
              <button type="button" className="button" disabled={busy} onClick={() => void download()}>
                {words.t('export.continue')}
              </button>
              <button type="button" className="button button-quiet" disabled={busy} onClick={() => setStep('options')}>
                {words.t('action.back')}
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
                {words.t('action.close')}
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={onDownload}
                disabled={busy || !planned || planned.files.length === 0}
              >
                {words.t('export.download')}
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
  const words = useWords();
  const fromIndex = !siteUrl && plan?.origin.from === 'index' ? plan.origin.url : '';
  const missing = !siteUrl && !fromIndex;
  return (
    <div className={`export-site${missing && plan?.refused ? ' export-site-missing' : ''}`}>
      <span className="export-site-title">{words.t('export.servedFrom')}</span>
      {siteUrl ? (
        <code className="export-site-url">{siteUrl}</code>
      ) : fromIndex ? (
        <>
          <code className="export-site-url">{fromIndex}</code>
          <span className="export-site-from">{words.t('export.asIndexSays')}</span>
        </>
      ) : (
        <span>{words.t('export.noSiteUrl')}</span>
      )}
      {missing && guess && (
        <button type="button" className="button button-quiet" onClick={() => setSiteUrl(guess)} disabled={disabled}>
          {words.t('siteUrl.use', { url: guess })}
        </button>
      )}
      <button type="button" className="link-button" onClick={onEdit} disabled={disabled}>
        {words.t(siteUrl ? 'export.changeInToolbar' : 'export.setInToolbar')}
      </button>
      {missing && plan?.refused && (
        <p className="export-site-reason" id="export-refused">
          {/* Core's words, English until core's words are keyed. */}
          {plan.refused}
          {guess ? ` ${words.t('export.everyUrlOn', { guess, use: words.t('siteUrl.use', { url: guess }) })}` : ''}
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
  const words = useWords();
  if (task === 'export') {
    const known = progress !== null && progress.bytesTotal > 0;
    return (
      <div className="export-status" role="status">
        <span>
          {known
            ? words.t('export.writingUrls', { done: progress.bytesDone, total: progress.bytesTotal })
            : words.t('progress.writing')}
        </span>
        <progress
          aria-label={words.t('export.progress')}
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
          {words.rich(finished.files.length > 1 ? 'export.downloadedFiles' : 'export.downloaded', {
            name: <strong>{finished.fileName}</strong>,
            size: words.bytes(finished.bytes.length),
            files: finished.files.length,
          })}
        </span>
        {notes.length > 0 && (
          <ul className="export-notes">
            {notes.map((p, i) => (
              <li key={i}>
                <code>{p.code}</code> {problemText(p, words)}
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
        <span>{words.t('export.failed', { why: failure })}</span>
        <button type="button" className="button" onClick={onRetry}>
          {words.t('action.retry')}
        </button>
      </div>
    );
  }
  return <div className="export-status" />;
}

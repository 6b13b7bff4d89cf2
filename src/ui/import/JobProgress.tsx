import { useAppStore } from '../../store/app-store';
import type { JobProgress as Progress } from '../../worker/protocol';
import { formatBytes, formatNumber } from '../format';
import { useRestoreShown } from './useRestoreShown';

function describe(progress: Progress | null, what: 'job' | 'restore'): string {
  if (!progress) return what === 'job' ? 'Starting…' : 'Reading the saved copy…';
  switch (progress.phase) {
    case 'fetching':
      return `Fetching from the site… ${formatNumber(progress.bytesDone)} of ${formatNumber(progress.bytesTotal)} URLs read`;
    case 'reading':
      return `Reading files… ${formatBytes(progress.bytesDone)} of ${formatBytes(progress.bytesTotal)}`;
    case 'decompressing':
      return `Decompressing… ${formatBytes(progress.bytesDone)} so far`;
    case 'parsing':
      return progress.urls > 0 ? `Reading sitemaps… ${formatNumber(progress.urls)} URLs so far` : 'Reading sitemaps…';
    case 'checking':
      return `Checking ${formatNumber(progress.urls)} URLs…`;
    case 'fixing':
      return 'Applying fixes…';
    case 'writing':
      return progress.bytesTotal > 0
        ? `Writing sitemaps… ${formatNumber(progress.bytesDone)} of ${formatNumber(progress.bytesTotal)} URLs`
        : 'Writing sitemaps…';
    case 'restoring':
      return `Reading the saved copy… part ${formatNumber(progress.bytesDone)} of ${formatNumber(progress.bytesTotal)}`;
  }
}

/** What the saved document's restore shows: a job of its own, which cannot be cancelled (the rows would stay away). */
const RESTORE_TITLE = 'Opening your saved work';

/** The running job, or the restore of the saved work: what it does, how far it is, and a way to stop a job. */
export function JobProgress() {
  const job = useAppStore((s) => s.job);
  const restoreProgress = useAppStore((s) => s.restoreProgress);
  const restoreShown = useRestoreShown();
  const cancelJob = useAppStore((s) => s.cancelJob);
  if (!job && !restoreShown) return null;
  const title = job ? job.title : RESTORE_TITLE;
  const progress = job ? job.progress : restoreProgress;
  // Core reports parsing progress per file, so until the first file is done
  // (and while checking) there is no honest fraction: the bar goes indeterminate.
  const determinate =
    progress !== null &&
    progress.bytesTotal > 0 &&
    (progress.phase === 'reading' ||
      progress.phase === 'fetching' ||
      progress.phase === 'restoring' ||
      (progress.phase === 'parsing' && progress.bytesDone > 0));
  return (
    <div className="job" role="status" aria-live="polite">
      <div className="job-text">
        <strong>{title}</strong>
        <span className="muted">{describe(progress, job ? 'job' : 'restore')}</span>
      </div>
      <progress
        className="job-bar"
        aria-label={`${title} progress`}
        max={determinate ? progress.bytesTotal : undefined}
        value={determinate ? progress.bytesDone : undefined}
      />
      {job && (
        <button type="button" className="button" onClick={cancelJob}>
          Cancel
        </button>
      )}
    </div>
  );
}

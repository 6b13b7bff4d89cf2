import { useAppStore } from '../../store/app-store';
import type { JobProgress as Progress } from '../../worker/protocol';
import { formatBytes, formatNumber } from '../format';

function describe(progress: Progress | null): string {
  if (!progress) return 'Starting…';
  switch (progress.phase) {
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
  }
}

/** The running job: what it does, how far it is, and a way to stop it. */
export function JobProgress() {
  const job = useAppStore((s) => s.job);
  const cancelJob = useAppStore((s) => s.cancelJob);
  if (!job) return null;
  const { progress } = job;
  // Core reports parsing progress per file, so until the first file is done
  // (and while checking) there is no honest fraction: the bar goes indeterminate.
  const determinate =
    progress !== null &&
    progress.bytesTotal > 0 &&
    (progress.phase === 'reading' || (progress.phase === 'parsing' && progress.bytesDone > 0));
  return (
    <div className="job" role="status" aria-live="polite">
      <div className="job-text">
        <strong>{job.title}</strong>
        <span className="muted">{describe(progress)}</span>
      </div>
      <progress
        className="job-bar"
        aria-label={`${job.title} progress`}
        max={determinate ? progress.bytesTotal : undefined}
        value={determinate ? progress.bytesDone : undefined}
      />
      <button type="button" className="button" onClick={cancelJob}>
        Cancel
      </button>
    </div>
  );
}

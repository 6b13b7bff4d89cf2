import { useAppStore } from '../../store/app-store';
import type { JobProgress as Progress } from '../../worker/protocol';
import { useWords, type Words } from '../i18n/words';
import { useRestoreShown } from './useRestoreShown';

function describe(progress: Progress | null, what: 'job' | 'restore', words: Words): string {
  if (!progress) return words.t(what === 'job' ? 'progress.starting' : 'progress.readingSaved');
  const { bytesDone, bytesTotal, urls } = progress;
  switch (progress.phase) {
    case 'fetching':
      return words.t('progress.fetching', { done: bytesDone, total: bytesTotal });
    case 'reading':
      return words.t('progress.reading', { done: words.bytes(bytesDone), total: words.bytes(bytesTotal) });
    case 'decompressing':
      return words.t('progress.decompressing', { done: words.bytes(bytesDone) });
    case 'parsing':
      return urls > 0 ? words.t('progress.parsingUrls', { urls }) : words.t('progress.parsing');
    case 'checking':
      return words.t('progress.checking', { urls });
    case 'fixing':
      return words.t('progress.fixing');
    case 'writing':
      return bytesTotal > 0
        ? words.t('progress.writingUrls', { done: bytesDone, total: bytesTotal })
        : words.t('progress.writing');
    case 'restoring':
      return words.t('progress.restoring', { done: bytesDone, total: bytesTotal });
  }
}

/** The running job, or the restore of the saved work: what it does, how far it is, and a way to stop a job. */
export function JobProgress() {
  const job = useAppStore((s) => s.job);
  const restoreProgress = useAppStore((s) => s.restoreProgress);
  const restoreShown = useRestoreShown();
  const cancelJob = useAppStore((s) => s.cancelJob);
  const words = useWords();
  if (!job && !restoreShown) return null;
  // The saved document's restore is a job of its own, which cannot be cancelled (the rows would stay away).
  const title = words.text(job ? job.title : { id: 'progress.restoreTitle' });
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
        <span className="muted">{describe(progress, job ? 'job' : 'restore', words)}</span>
      </div>
      <progress
        className="job-bar"
        aria-label={words.t('progress.label', { title })}
        max={determinate ? progress.bytesTotal : undefined}
        value={determinate ? progress.bytesDone : undefined}
      />
      {job && (
        <button type="button" className="button" onClick={cancelJob}>
          {words.t('action.cancel')}
        </button>
      )}
    </div>
  );
}

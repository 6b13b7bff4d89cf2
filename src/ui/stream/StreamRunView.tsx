import { useAppStore } from '../../store/app-store';
import type { StreamSlice } from '../../store/stream-slice';
import { formatBytes, formatNumber } from '../format';

/** The streaming run: how far it is, and a way to stop it. */
export function StreamRunView({ run }: { run: NonNullable<StreamSlice['streamRun']> }) {
  const cancel = useAppStore((s) => s.cancelStream);
  const p = run.progress;
  const text = !p
    ? 'Starting…'
    : p.phase === 'writing'
      ? `Writing the index… ${formatNumber(p.urls)} URLs checked`
      : `${formatNumber(p.urls)} URLs checked · ${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)} read`;
  return (
    <div className="job stream-run" role="status" aria-live="polite">
      <div className="job-text">
        <strong>Checking and re-splitting without loading</strong>
        <span className="muted">{text}</span>
      </div>
      <progress
        className="job-bar"
        aria-label="Checking without loading progress"
        max={p && p.bytesTotal > 0 ? p.bytesTotal : undefined}
        value={p && p.bytesTotal > 0 ? p.bytesDone : undefined}
      />
      <button type="button" className="button" onClick={cancel}>
        Cancel
      </button>
    </div>
  );
}

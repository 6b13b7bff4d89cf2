import { useEffect, useState } from 'react';
import { useAppStore } from '../../store/app-store';

/**
 * A restore that takes longer than this shows as a job before the worker has
 * said how far it is (a worker still starting, or a large saved copy): a
 * quick one at page load, with nothing saved, does not flash a busy state.
 */
const QUIET_MS = 400;

/** Whether the restore of the saved work shows as a job now: it reported progress, or it has run a while. */
export function useRestoreShown(): boolean {
  const restoring = useAppStore((s) => s.restoring);
  const reported = useAppStore((s) => s.restoreProgress !== null);
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (!restoring) {
      setLong(false);
      return;
    }
    const timer = window.setTimeout(() => setLong(true), QUIET_MS);
    return () => window.clearTimeout(timer);
  }, [restoring]);
  return restoring && (reported || long);
}

/*
 * The import's phases as User Timing measures ("import: …"), on the thread
 * that ran them: the browser benchmark traces an import and reads them back
 * (bench/browser/import-trace.ts), so a MISS says where the time went in
 * that very run. A handful of measures an import: nothing to pay.
 */

const PREFIX = 'import: ';

/** Runs `run`, measured as `import: name` on this thread's timeline. */
export function timed<T>(name: string, run: () => T): T {
  const start = performance.now();
  try {
    return run();
  } finally {
    measure(name, start);
  }
}

/** {@link timed} for a promise: from the call to its settling. */
export async function timedAsync<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    measure(name, start);
  }
}

function measure(name: string, start: number): void {
  // Absent in some test environments; the import does not depend on it.
  if (typeof performance.measure !== 'function') return;
  performance.measure(PREFIX + name, { start, end: performance.now() });
}

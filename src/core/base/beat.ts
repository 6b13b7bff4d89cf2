/*
 * A sign of life from a long synchronous step. The page watches its worker
 * (worker/worker-watch.ts): a worker that says nothing for the hang time-out
 * while a request is pending counts as stuck and is restarted, and the
 * request's answer is lost with it. A step that keeps its thread for long
 * (a check, a sort, a snapshot over a million rows; inflating a large gzip)
 * therefore calls `beat()` as it goes, one call per row or per chunk; every
 * BEAT_EVERY calls the listener runs, and the worker's listener posts a
 * message at most every few hundred ms. In Node (the CLI, the tests) nobody
 * listens, and a call costs a counter.
 */

/** Calls between two runs of the listener: at 1–5 µs a row, a few ms apart. */
export const BEAT_EVERY = 4096;

let listener: (() => void) | null = null;
let countdown = BEAT_EVERY;

/** Sets what a beat does (the worker: tell the page it is busy, not stuck); null stops listening. */
export function onBeat(fn: (() => void) | null): void {
  listener = fn;
  countdown = BEAT_EVERY;
}

/**
 * One unit of a long step done (a row, a chunk). `units` counts several at
 * once, for a loop that calls it once per batch.
 */
export function beat(units = 1): void {
  countdown -= units;
  if (countdown > 0) return;
  countdown = BEAT_EVERY;
  listener?.();
}

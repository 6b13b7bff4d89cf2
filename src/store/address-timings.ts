/**
 * Test hooks in the page address, so a browser test can act at a known
 * moment however slow the machine:
 *  - `?save-delay=MS` sets the autosave's quiet time (300 ms by default), so
 *    a test can act while a save is surely pending;
 *  - `?hang-timeout=MS` sets how long a worker may say nothing with a job
 *    pending before it counts as stuck (15 s by default), so a test of a
 *    stuck worker need not wait 15 s.
 * Undefined keeps the default.
 */
export function saveDelayFromAddress(search: string | undefined = globalThis.location?.search): number | undefined {
  return msFromAddress('save-delay', search);
}

/** `?hang-timeout=MS`, see above. */
export function hangTimeoutFromAddress(search: string | undefined = globalThis.location?.search): number | undefined {
  return msFromAddress('hang-timeout', search);
}

function msFromAddress(name: string, search: string | undefined): number | undefined {
  const param = new URLSearchParams(search ?? '').get(name);
  if (param === null || !/^\d{1,7}$/.test(param)) return undefined;
  return Number(param);
}

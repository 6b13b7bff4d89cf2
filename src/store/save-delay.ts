/**
 * A test hook: `?save-delay=MS` in the page address sets the autosave's
 * quiet time (300 ms by default), so a browser test can act while a save is
 * surely pending, however slow the machine. Undefined keeps the default.
 */
export function saveDelayFromAddress(search: string | undefined = globalThis.location?.search): number | undefined {
  const param = new URLSearchParams(search ?? '').get('save-delay');
  if (param === null || !/^\d{1,7}$/.test(param)) return undefined;
  return Number(param);
}

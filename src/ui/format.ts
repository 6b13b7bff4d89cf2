/** Display formatting only; numbers are grouped the same way whatever the browser's locale. */
const grouped = new Intl.NumberFormat('en-US');

export function formatNumber(n: number): string {
  return grouped.format(n);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte');
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "3 errors · 12 warnings", the wording the problem-count test hook promises. */
export function formatErrorsAndWarnings(errors: number, warnings: number): string {
  return `${plural(errors, 'error')} · ${plural(warnings, 'warning')}`;
}

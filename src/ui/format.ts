import { formatNumber } from '../core/text/format';

/** Display formatting: numbers and sizes as the core writes them (core/format.ts), whatever the browser's locale. */
export { formatBytes, formatNumber } from '../core/text/format';

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** "3 errors · 12 warnings", the wording the problem-count test hook promises. */
export function formatErrorsAndWarnings(errors: number, warnings: number): string {
  return `${plural(errors, 'error')} · ${plural(warnings, 'warning')}`;
}

/*
 * How numbers and sizes are shown to people, in the app, the CLI and the
 * core's messages alike: "1,511", "50 MiB", whatever the machine's locale.
 */

const grouped = new Intl.NumberFormat('en-US');

/** A count with its thousands grouped: "1,511". */
export function formatNumber(n: number): string {
  return grouped.format(n);
}

/** A count and its noun: "1 row", "1,511 rows". */
export function plural(n: number, word: string): string {
  return `${formatNumber(n)} ${n === 1 ? word : `${word}s`}`;
}

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'];

/**
 * A size for people, in binary units as SPEC §1 writes the limits
 * (52,428,800 bytes is "50 MiB"): "512 bytes", "1,000 bytes", "1.5 KiB",
 * "97.7 KiB", "256 MiB", "1 GiB": one decimal, none when it is 0.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

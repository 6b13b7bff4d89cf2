/**
 * The table's sort by loc alone, in Node, over the benchmark's data set
 * imported as the app imports it (issue 11: the Chromium step is this plus
 * the answer and the redraw):
 *
 *   node --import tsx bench/sort-alone.ts [n=1000000] [runs=5]
 *
 * Beside it, two peers on the same locs: the floor of reading every
 * character once in row order (no sort can read less), and the platform's
 * comparator sort of the first 200,000 positions (what the app did first).
 * Every figure is the process's CPU ms, not wall time: on a machine shared
 * with other jobs, wall time mostly measures them. Each timed sort is a
 * first one: row 0 is set to its own value before it, which drops the order
 * the column keeps (text-order.ts); the sorts after a first, from that kept
 * order (again, flipped), are timed on their own line.
 */
import os from 'node:os';
import { ensureDataSet, loadDataSet } from './dataset';
import { oursImport } from './ours';
import { sortByText } from '../src/core/view/sort-rows';

const n = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 5);
ensureDataSet(n, console.log);
const set = oursImport(loadDataSet(n).xml);
const loc = set.rows.loc;
const all = (): Uint32Array => {
  const v = new Uint32Array(loc.length);
  for (let i = 0; i < v.length; i++) v[i] = i;
  return v;
};
/** CPU ms of the main thread (user + system): on a shared machine, wall time mostly measures the other processes. */
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const time = (f: () => void): number => {
  const t0 = cpu();
  f();
  return cpu() - t0;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

/** Every character of every loc read once, in row order. */
function readAll(): number {
  let sum = 0;
  for (let i = 0; i < loc.length; i++) {
    const t = loc.rawText(i);
    for (let k = loc.rawStart(i), e = loc.rawEnd(i); k < e; k++) sum = (sum + t.charCodeAt(k)) | 0;
  }
  return sum;
}
let sink = 0;
const floor = median(Array.from({ length: runs }, () => time(() => (sink ^= readAll()))));
const report: string[] = [];
for (const dir of ['asc', 'desc'] as const) {
  const times = Array.from({ length: runs }, () => {
    const v = all();
    loc.set(0, loc.get(0));
    return time(() => sortByText(v, loc, dir));
  });
  report.push(
    `sort by loc ${dir}, CPU: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
}
// The user's next clicks: the same sort again, then the other way, both from the order the last sort kept.
for (const dir of ['desc', 'asc'] as const) {
  const times = Array.from({ length: runs }, () => {
    const v = all();
    return time(() => sortByText(v, loc, dir));
  });
  report.push(
    `  again by loc ${dir} (the kept order), CPU: median ${median(times).toFixed(1)} ms (${times.map((t) => t.toFixed(1)).join(', ')})`,
  );
}
const values = Array.from({ length: Math.min(loc.length, 200_000) }, (_, i) => loc.get(i));
const cmp = time(() =>
  Array.from(values.keys()).sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : a - b)),
);
console.log(
  `${loc.length} locs, load ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.log(report.join('\n'));
console.log(`floor, every character read once in row order: ${floor.toFixed(0)} ms`);
console.log(`peer, comparator sort of the first ${values.length} locs: ${cmp.toFixed(0)} ms`);
if (sink === 0.5) console.log('');

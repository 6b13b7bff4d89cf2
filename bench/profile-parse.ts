/**
 * The Node bench's parse/ours case (import + check of the cached data set)
 * once or a few times, for a CPU profile of the same work:
 *
 *   node --expose-gc --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/profile-parse.ts [n] [runs]
 *
 * Prints each run's import and check times; the profile says where they go.
 */
import { ensureDataSet, loadDataSet } from './dataset';
import { oursCheck, oursImport } from './ours';

const ms = (x: number): string => `${x.toFixed(0)} ms`;
const n = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 1);
ensureDataSet(n);
const inputs = loadDataSet(n).xml;
for (let r = 0; r < runs; r++) {
  globalThis.gc?.();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const set = oursImport(inputs);
  const t1 = performance.now();
  const c1 = process.cpuUsage(c0);
  const result = oursCheck(set);
  const t2 = performance.now();
  const c2 = process.cpuUsage(c0);
  // CPU time beside wall time: on a shared machine it moves less with the load.
  const cpu = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1000;
  console.log(
    `run ${r + 1}: import ${ms(t1 - t0)} + check ${ms(t2 - t1)} = ${ms(t2 - t0)} wall; ` +
      `CPU ${ms(cpu(c1))} + ${ms(cpu(c2) - cpu(c1))}; ${set.rows.length} rows, ${result.problems.length} problems`,
  );
}

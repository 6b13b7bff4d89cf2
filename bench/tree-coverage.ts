/*
 * The structure tree's pass with and without a crawl export's coverage
 * (issue 32: listed-only and missing counts per branch), at N URLs:
 * `node --import tsx bench/tree-coverage.ts [N]` (default 1,000,000). The
 * crawl lists every URL but each tenth (those are listed only) and N/20
 * pages no row lists (missing). Prints the fastest of three passes of each.
 */
import { performance } from 'node:perf_hooks';
import { checkSet } from '../src/core/check/check-set';
import { importFiles } from '../src/core/read/import-files';
import { coverageOf } from '../src/core/rules/site-data/crawl-coverage';
import { firstHost } from '../src/core/view/diagram-levels';
import { TreeLevelsPass } from '../src/core/view/tree';
import { branchCoverage, type BranchCoverage } from '../src/core/view/tree-coverage';
import { forEachEntry, generateDataSet } from './generate';

const n = Number(process.argv[2] ?? 1_000_000);
const data = generateDataSet(n);
const lines = ['"Address","Status Code","Indexability","Crawl Depth","Inlinks"'];
forEachEntry(n, (e, i) => {
  if (i % 10 !== 0) lines.push(`"${e.loc}","200","Indexable","${(i % 7) + 1}","${i % 97}"`);
});
for (let k = 0; k < n / 20; k++)
  lines.push(`"https://shop.example.com/new-${k % 50}/page-${k}","200","Indexable","3","1"`);
const crawl = { name: 'crawl.csv', bytes: new TextEncoder().encode(lines.join('\n')) };
const set = importFiles([...data.files.map((f) => ({ name: f.name, bytes: f.xml })), crawl]);
const result = checkSet(set);
const keys = ['', firstHost(set.rows) as string];

function pass(coverage: BranchCoverage | null): number {
  const t = performance.now();
  const p = new TreeLevelsPass(set.rows, result, keys, 500, { coverage });
  p.step(Infinity);
  p.finish();
  return performance.now() - t;
}

const coverage = branchCoverage(coverageOf(set));
const t0 = performance.now();
branchCoverage(coverageOf(set));
const prepare = performance.now() - t0;
const without: number[] = [];
const withCoverage: number[] = [];
for (let r = 0; r < 3; r++) {
  without.push(pass(null));
  withCoverage.push(pass(coverage));
}
const ms = (xs: number[]) => `${Math.min(...xs).toFixed(0)} ms`;
console.log(`${n.toLocaleString('en-US')} URLs, ${coverage?.missing.length.toLocaleString('en-US')} missing pages`);
console.log(
  `tree pass (top level and the host's), fastest of 3: without coverage ${ms(without)}, with ${ms(withCoverage)}`,
);
console.log(`the coverage handed to the pass (the missing pages listed): ${prepare.toFixed(0)} ms`);

/**
 * `npm run bench -- --super-linear`: small hostile inputs that once made the
 * reader or the check quadratic (or worse), each timed at N and 2N. A
 * linear step takes about twice as long at 2N; the family passes when the
 * ratio is at most {@link MAX_RATIO}. Exits 1 when one does not, so the
 * figures of a regression are a failing run, not a number nobody reads.
 *
 *   node --expose-gc --import tsx bench/run.ts --super-linear [--runs 3] [--only attributes,cluster]
 *
 * Each family runs what `sitemap-editor check --format json` runs on the
 * file (import, check, every problem described), in this process, after a
 * warm-up at N/4; each figure is the fastest of the runs (each after a full
 * GC, N and 2N interleaved): the work itself, with as little of the
 * machine's other load in it as the runs allow. Under load the times are
 * inflated; the ratios much less so.
 */
import os from 'node:os';
import { checkSet } from '../src/core/check/check-set';
import { listProblems } from '../src/core/check/list-problems';
import { importFiles, type XmlReader } from '../src/core/read/import-files';

/** Above this, doubling the input more than doubles the work beyond noise: super-linear. */
export const MAX_RATIO = 2.5;

interface Family {
  id: string;
  /** What N counts. */
  unit: string;
  n: number;
  /** The file for size n. */
  make: (n: number) => string;
  reader?: XmlReader;
  /** What the issue measured before the fix, for the report. */
  before: string;
}

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const head = (attrs = '', declaration = '<?xml version="1.0" encoding="UTF-8"?>'): string =>
  `${declaration}\n<urlset xmlns="${NS}"${attrs}>\n`;
const LATIN1 = '<?xml version="1.0" encoding="ISO-8859-1"?>';

function manyAttributes(n: number): string {
  const attrs: string[] = [];
  for (let i = 0; i < n; i++) attrs.push(` a${i}="1"`);
  return `<url><loc>https://e.com/</loc><x:e xmlns:x="urn:x"${attrs.join('')}/></url>\n</urlset>\n`;
}

/** One hreflang cluster of k pages, each listing all k as alternates: n = k² links. */
function cluster(n: number): string {
  const k = Math.round(Math.sqrt(n));
  const links: string[] = [];
  for (let i = 0; i < k; i++)
    links.push(`<xhtml:link rel="alternate" hreflang="x-${i}" href="https://e.com/p${i}/"/>\n`);
  const all = links.join('');
  const parts = [head(' xmlns:xhtml="http://www.w3.org/1999/xhtml"')];
  for (let i = 0; i < k; i++) parts.push(`<url><loc>https://e.com/p${i}/</loc>\n${all}</url>\n`);
  parts.push('</urlset>\n');
  return parts.join('');
}

export const FAMILIES: Family[] = [
  {
    id: 'attributes',
    unit: 'attributes on one element',
    n: 50_000,
    make: (n) => head() + manyAttributes(n),
    before: '50,000: CLI 9.9 s, 38.1 s doubled',
  },
  {
    id: 'attributes-strings',
    unit: 'attributes on one element (string reader: a Latin-1 file)',
    n: 50_000,
    make: (n) => head('', LATIN1) + manyAttributes(n),
    before: 'as attributes',
  },
  {
    id: 'end-tags',
    unit: 'mismatched end tags under as many open elements',
    n: 50_000,
    make: (n) => `${head()}<url><loc>https://e.com/</loc>${'<a>'.repeat(n)}${'</b>'.repeat(n)}</url>\n</urlset>\n`,
    before: '50,000 (350 KB): 7.0 s, 18.9 s doubled',
  },
  {
    id: 'end-tags-feed',
    unit: 'mismatched end tags in an RSS item',
    n: 50_000,
    make: (n) =>
      `<rss version="2.0"><channel><item><link>https://e.com/</link>${'<a>'.repeat(n)}${'</b>'.repeat(n)}</item></channel></rss>\n`,
    before: 'not measured (the feed reader scanned its stack the same way)',
  },
  {
    id: 'namespace-declarations',
    unit: 'namespace declarations on one element',
    n: 50_000,
    make: (n) => {
      const decls: string[] = [];
      for (let i = 0; i < n; i++) decls.push(` xmlns:p${i}="urn:${i}"`);
      return `${head()}<url><loc>https://e.com/</loc><x${decls.join('')}/></url>\n</urlset>\n`;
    },
    before: 'new check (a repeated declaration is said): kept linear',
  },
  {
    id: 'repeated-urls',
    unit: 'copies of one URL',
    n: 100_000,
    make: (n) => head() + '<url><loc>https://e.com/page</loc></url>\n'.repeat(n) + '</urlset>\n',
    before: '200,000 copies: CLI check 127 s',
  },
  {
    id: 'cluster',
    unit: 'hreflang links in one cluster (k pages listing all k)',
    n: 250_000,
    make: cluster,
    before: '84 MB: 28.8 s, 168 MB: 63.7 s; a 200 MB file took the worker hostage',
  },
];

/** What `check --format json` does with the file: import, check, describe every problem. */
function checkOnce(bytes: Uint8Array, reader: XmlReader | undefined): number {
  const set = importFiles([{ name: 'hostile.xml', bytes }], reader ? { reader } : {});
  const result = checkSet(set);
  return listProblems(set, result).length;
}

function timeOnce(bytes: Uint8Array, reader: XmlReader | undefined): number {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  checkOnce(bytes, reader);
  return performance.now() - t0;
}

/** The fastest run: other load only ever adds time. */
function fastest(xs: number[]): number {
  return Math.min(...xs);
}

export interface FamilyResult {
  id: string;
  unit: string;
  n: number;
  bytesN: number;
  bytes2N: number;
  msN: number;
  ms2N: number;
  ratio: number;
  pass: boolean;
  before: string;
}

export function runFamily(f: Family, runs: number): FamilyResult {
  const enc = new TextEncoder();
  const small = enc.encode(f.make(f.n));
  const large = enc.encode(f.make(2 * f.n));
  checkOnce(enc.encode(f.make(Math.max(1, f.n >> 2))), f.reader);
  const tN: number[] = [];
  const t2N: number[] = [];
  // Interleaved, so a burst of other load weighs on both sizes alike.
  for (let r = 0; r < runs; r++) {
    tN.push(timeOnce(small, f.reader));
    t2N.push(timeOnce(large, f.reader));
  }
  const msN = fastest(tN);
  const ms2N = fastest(t2N);
  const ratio = ms2N / msN;
  return {
    id: f.id,
    unit: f.unit,
    n: f.n,
    bytesN: small.length,
    bytes2N: large.length,
    msN,
    ms2N,
    ratio,
    pass: ratio <= MAX_RATIO,
    before: f.before,
  };
}

const fmt = (n: number): string => n.toLocaleString('en-US');

export function runSuperLinear(runs: number, only: string[]): number {
  const [l1] = os.loadavg() as [number, number, number];
  console.log(
    `Super-linearity families — Node ${process.version}, ${os.cpus().length} CPUs, load ${l1.toFixed(2)}; ${runs} run(s) each at N and 2N, the fastest of each; pass: 2N/N ≤ ${MAX_RATIO}`,
  );
  console.log('');
  const results: FamilyResult[] = [];
  for (const f of FAMILIES.filter((x) => only.length === 0 || only.some((o) => x.id.includes(o)))) {
    process.stderr.write(`  ${f.id} …\n`);
    const r = runFamily(f, runs);
    results.push(r);
    console.log(
      `${r.pass ? 'PASS' : 'MISS'} ${r.id.padEnd(24)} N ${fmt(r.n).padStart(9)} (${fmt(r.bytesN)} B) ${r.msN.toFixed(0).padStart(7)} ms · 2N (${fmt(r.bytes2N)} B) ${r.ms2N.toFixed(0).padStart(7)} ms · ratio ${r.ratio.toFixed(2)}`,
    );
    console.log(`     N: ${r.unit}; before the fix: ${r.before}`);
  }
  const [end] = os.loadavg() as [number, number, number];
  console.log('');
  console.log(`load average at end: ${end.toFixed(2)} (1 min)`);
  return results.every((r) => r.pass) ? 0 : 1;
}

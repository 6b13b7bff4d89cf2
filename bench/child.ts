/**
 * Measures one case for one size in a fresh process (started by run.ts), so
 * that no case inherits another's garbage, heap growth or JIT state. Reads
 * the cached data set, prepares untimed inputs, runs the case `runs` times
 * (full GC before each) and sends the figures back over IPC.
 */
import { unzipSync } from 'fflate';
import { countUrlTags } from './verify';
import { concatFloor, concatGzipFloor, piecesOf } from './floors';
import type { CaseResult, ChildRequest, RunFigures } from './cases';
import { loadDataSet } from './dataset';
import { RssSampler, measureStep, retainedSince } from './measure';
import { oneFileOf } from './one-line';
import { fxpBuild, plainEntries, sitemapExport, sitemapItems, type ExportOutcome } from './peers-export';
import {
  decodeOnly,
  fxpParse,
  saxesParse,
  saxesParseGz,
  sitemapParse,
  type Input,
  type ParseOutcome,
} from './peers-parse';

type Runner = (sampler: RssSampler) => Promise<RunFigures>;

/** A peer parse: one timed call; retained = what its result holds after a full GC. */
function parsePeer(fn: (inputs: Input[]) => ParseOutcome | Promise<ParseOutcome>, inputs: Input[]): Runner {
  return async (sampler) => {
    const { value, m } = await measureStep(sampler, () => fn(inputs));
    const retained = await retainedSince(m.liveStart);
    const urls = value.urls;
    return {
      ms: m.ms,
      cpuMs: m.cpuMs,
      peakHeap: m.peakHeap,
      peakRss: m.peakRss,
      retained: value.keep === null ? undefined : retained,
      urls,
    };
  };
}

async function parseOurs(inputs: Input[], overlapped = false): Promise<Runner> {
  const ours = await import('./ours');
  return async (sampler) => {
    const imp = await measureStep(sampler, () =>
      overlapped ? ours.oursImportOverlapped(inputs) : ours.oursImport(inputs),
    );
    const set = imp.value;
    const retainedSet = await retainedSince(imp.m.liveStart);
    const chk = await measureStep(sampler, () => ours.oursCheck(set));
    const retainedBoth = await retainedSince(imp.m.liveStart);
    const checkProblems = chk.value.problems.length; // keeps the check result alive through the measure above
    const peakHeap = Math.max(imp.m.peakHeap, chk.m.heapStart - imp.m.heapStart + chk.m.peakHeap);
    return {
      ms: imp.m.ms + chk.m.ms,
      cpuMs: imp.m.cpuMs + chk.m.cpuMs,
      peakHeap,
      peakRss: Math.max(imp.m.peakRss, chk.m.peakRss),
      retained: retainedSet,
      urls: set.rows.length,
      phases: {
        import: { ms: imp.m.ms, peakHeap: imp.m.peakHeap, retained: retainedSet },
        check: { ms: chk.m.ms, peakHeap: chk.m.peakHeap, retained: retainedBoth - retainedSet },
      },
      note: `read problems ${ours.readProblems(set)}, check problems ${checkProblems}`,
    };
  };
}

function exportPeer(fn: () => ExportOutcome | Promise<ExportOutcome>): Runner {
  return async (sampler) => {
    const { value, m } = await measureStep(sampler, fn);
    const urls = countUrlTags(value.outputs);
    return {
      ms: m.ms,
      peakHeap: m.peakHeap,
      peakRss: m.peakRss,
      urls,
      outBytes: value.bytes,
      note: `${value.files} files`,
    };
  };
}

/** Serialization alone: exportSitemaps without gzip and without a zip. */
async function exportOurs(n: number): Promise<Runner> {
  const ours = await import('./ours');
  const set = ours.oursImport(loadDataSet(n).xml);
  return async (sampler) => {
    const exp = await measureStep(sampler, () => ours.oursExport(set, false));
    const b = ours.exportedBytes(exp.value);
    const urls = countUrlTags(exp.value.files.map((f) => f.data));
    if (urls !== ours.exportedUrls(exp.value))
      throw new Error(`export reports ${ours.exportedUrls(exp.value)} URLs but wrote ${urls}`);
    return {
      ms: exp.m.ms,
      peakHeap: exp.m.peakHeap,
      peakRss: exp.m.peakRss,
      urls,
      outBytes: b.out,
      note: `${b.files} files`,
    };
  };
}

/** Export + zip as the app does it (exportPacked): the zip is the output. */
async function exportPackedOurs(n: number, gzip: boolean): Promise<Runner> {
  const ours = await import('./ours');
  const set = ours.oursImport(loadDataSet(n).xml);
  return async (sampler) => {
    const exp = await measureStep(sampler, () => ours.oursPacked(set, gzip));
    const { result, zip } = exp.value;
    if (!zip) throw new Error('the export made no zip');
    const urls = countZipUrls(zip);
    if (urls !== ours.exportedUrls(result))
      throw new Error(`export reports ${ours.exportedUrls(result)} URLs but the zip holds ${urls}`);
    const problems = result.problems.length;
    return {
      ms: exp.m.ms,
      peakHeap: exp.m.peakHeap,
      peakRss: exp.m.peakRss,
      urls,
      outBytes: zip.length,
      note: `${result.files.length} files in zip, ${problems} export problems`,
    };
  };
}

/** `<url>` tags in the files a zip holds (an index has `<sitemap>`s only). */
function countZipUrls(zip: Uint8Array): number {
  return countUrlTags(Object.values(unzipSync(zip)));
}

async function prepare(id: string, n: number): Promise<Runner> {
  switch (id) {
    case 'parse/ours':
      return parseOurs(loadDataSet(n).xml);
    case 'parse/ours-gz':
      return parseOurs(loadDataSet(n, { gz: true }).gz, true);
    case 'parse/saxes':
      return parsePeer(saxesParse, loadDataSet(n).xml);
    case 'parse/saxes-gz':
      return parsePeer(saxesParseGz, loadDataSet(n, { gz: true }).gz);
    case 'parse/fxp':
      return parsePeer(fxpParse, loadDataSet(n).xml);
    case 'parse/sitemap':
      return parsePeer(sitemapParse, loadDataSet(n).xml);
    case 'parse/decode':
      return parsePeer(decodeOnly, loadDataSet(n).xml);
    case 'parse/lines':
      return parseOurs([oneFileOf(n, false)]);
    case 'parse/one-line':
      return parseOurs([oneFileOf(n, true)]);
    case 'export/ours':
      return exportPackedOurs(n, true);
    case 'export/ours-default':
      return exportPackedOurs(n, false);
    case 'export/floor-concat': {
      const pieces = piecesOf(loadDataSet(n).xml);
      return exportPeer(() => concatFloor(pieces));
    }
    case 'export/floor-gzip': {
      const pieces = piecesOf(loadDataSet(n).xml);
      return exportPeer(() => concatGzipFloor(pieces));
    }
    case 'export/ours-xml':
      return exportOurs(n);
    case 'export/sitemap-whole': {
      const items = sitemapItems(n);
      return exportPeer(() => sitemapExport(items, 'whole'));
    }
    case 'export/sitemap-createGzip': {
      const items = sitemapItems(n);
      return exportPeer(() => sitemapExport(items, 'createGzip'));
    }
    case 'export/fxp-builder': {
      const entries = plainEntries(n);
      return exportPeer(() => fxpBuild(entries));
    }
    default:
      throw new Error(`unknown case ${id}`);
  }
}

async function main(): Promise<void> {
  const req = JSON.parse(process.argv[2] ?? '{}') as ChildRequest;
  const result: CaseResult = { id: req.id, n: req.n, runs: [] };
  const sampler = new RssSampler();
  try {
    const run = await prepare(req.id, req.n);
    for (let r = 0; r < req.runs; r++) result.runs.push(await run(sampler));
  } catch (e) {
    result.error = e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e);
  }
  await sampler.stop();
  await new Promise<void>((resolve) => (process.send ? process.send(result, () => resolve()) : resolve()));
  process.exit(0);
}

void main();

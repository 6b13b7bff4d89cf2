/**
 * Node-side cache of the generated data set in bench/out/data/ (gitignored),
 * so that every measuring process reads the very same bytes without paying
 * for generation. Rebuilt when GENERATOR_VERSION changes.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATOR_VERSION, generateDataSet, gzipDataSet } from './generate';

export const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), 'out');

export interface Manifest {
  version: number;
  n: number;
  xmlBytes: number;
  gzBytes: number;
  files: { name: string; urls: number; xmlBytes: number; gzBytes: number }[];
}

export interface LoadedDataSet {
  manifest: Manifest;
  /** Uncompressed XML, one per file. */
  xml: { name: string; bytes: Uint8Array }[];
  /** Gzipped copies, one per file. */
  gz: { name: string; bytes: Uint8Array }[];
}

export function dataDir(n: number): string {
  return join(OUT_DIR, 'data', `v${GENERATOR_VERSION}-n${n}`);
}

/** Generates and writes the data set unless a cached copy exists; returns its manifest. */
export function ensureDataSet(n: number, log: (s: string) => void = () => {}): Manifest {
  const dir = dataDir(n);
  const manifestPath = join(dir, 'manifest.json');
  if (existsSync(manifestPath)) return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const t0 = performance.now();
  const set = generateDataSet(n);
  const gz = gzipDataSet(set);
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const manifest: Manifest = { version: GENERATOR_VERSION, n, xmlBytes: set.xmlBytes, gzBytes: 0, files: [] };
  set.files.forEach((f, i) => {
    const g = gz[i] as { name: string; bytes: Uint8Array };
    writeFileSync(join(tmp, f.name), f.xml);
    writeFileSync(join(tmp, g.name), g.bytes);
    manifest.gzBytes += g.bytes.length;
    manifest.files.push({ name: f.name, urls: f.urls, xmlBytes: f.xml.length, gzBytes: g.bytes.length });
  });
  writeFileSync(join(tmp, 'manifest.json'), JSON.stringify(manifest, null, 1));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  log(
    `generated ${n} URLs in ${set.files.length} files (${(set.xmlBytes / 1e6).toFixed(1)} MB XML, ` +
      `${(manifest.gzBytes / 1e6).toFixed(1)} MB gzipped) in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${dir}`,
  );
  return manifest;
}

const asPlain = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.length);

/** Reads the cached files (call ensureDataSet first). */
export function loadDataSet(n: number, which: { xml?: boolean; gz?: boolean } = { xml: true }): LoadedDataSet {
  const dir = dataDir(n);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const xml = which.xml
    ? manifest.files.map((f) => ({ name: f.name, bytes: asPlain(readFileSync(join(dir, f.name))) }))
    : [];
  const gz = which.gz
    ? manifest.files.map((f) => ({ name: `${f.name}.gz`, bytes: asPlain(readFileSync(join(dir, `${f.name}.gz`))) }))
    : [];
  return { manifest, xml, gz };
}

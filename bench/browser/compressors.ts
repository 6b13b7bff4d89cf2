/**
 * Which deflate the export's gzip helpers should run (issue 13, point 3):
 * every candidate timed in headless Chromium on the same sitemap bytes (the
 * benchmark's data set, plain XML), one after another on the page's thread:
 * CompressionStream (native zlib, level 6, the only level it offers),
 * fflate's deflate at levels 1–3 and 6, and ours (fast-deflate.ts), raw and as
 * a gzip with its CRC-32, and the CRC-32 alone two ways. Each round-trips through the page's
 * DecompressionStream, so a fast wrong answer cannot win.
 *
 *   node --import tsx bench/browser/compressors.ts [--size 200000] [--rounds 3]
 */
import os from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { dataDir, ensureDataSet } from '../dataset';
import { table } from '../report';
import { installPageScript } from './page-script';

interface Timed {
  name: string;
  ms: number[];
  bytes: number;
}

function arg(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const n = arg('--size', 200_000);
  const rounds = arg('--rounds', 3);
  const manifest = ensureDataSet(n, (s) => process.stderr.write(`${s}\n`));
  const paths = manifest.files.map((f) => join(dataDir(n), f.name));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const load0 = os.loadavg()[0] as number;
  try {
    const page = await browser.newPage();
    // tsx's esbuild keepNames puts `__name(fn)` calls inside the function handed to page.evaluate (as run.ts notes).
    await page.setContent('<input type="file" multiple id="files">');
    await page.addScriptTag({ content: 'globalThis.__name = (f) => f;' });
    await installPageScript(page, join(import.meta.dirname, 'compressor-entry.ts'), '__compressors');
    await page.setInputFiles('#files', paths);
    const results = await page.evaluate(async (rounds) => {
      type Lib = {
        deflateRaw(b: Uint8Array): Uint8Array;
        fastGzip(b: Uint8Array): Uint8Array;
        crc32(b: Uint8Array): number;
        byteCrc32(b: Uint8Array): number;
        fflateDeflate(b: Uint8Array, l: number): Uint8Array;
      };
      const lib = (globalThis as unknown as { __compressors: Lib }).__compressors;
      const input = document.getElementById('files') as HTMLInputElement;
      const raws = await Promise.all([...(input.files ?? [])].map(async (f) => new Uint8Array(await f.arrayBuffer())));
      const through = async (bytes: Uint8Array, t: CompressionStream | DecompressionStream): Promise<Uint8Array> => {
        const source = new ReadableStream<BufferSource>({
          start(c) {
            c.enqueue(bytes as Uint8Array<ArrayBuffer>);
            c.close();
          },
        });
        return new Uint8Array(await new Response(source.pipeThrough(t)).arrayBuffer());
      };
      const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
      const candidates: [
        string,
        (raw: Uint8Array) => Promise<Uint8Array> | Uint8Array,
        'gzip' | 'deflate-raw' | null,
      ][] = [
        ['CompressionStream gzip (zlib level 6)', (raw) => through(raw, new CompressionStream('gzip')), 'gzip'],
        ['fflate deflate level 1', (raw) => lib.fflateDeflate(raw, 1), 'deflate-raw'],
        ['fflate deflate level 2', (raw) => lib.fflateDeflate(raw, 2), 'deflate-raw'],
        ['fflate deflate level 3', (raw) => lib.fflateDeflate(raw, 3), 'deflate-raw'],
        ['fflate deflate level 6', (raw) => lib.fflateDeflate(raw, 6), 'deflate-raw'],
        ['ours: deflateRaw', (raw) => lib.deflateRaw(raw), 'deflate-raw'],
        ['ours: fastGzip (deflate + CRC-32)', (raw) => lib.fastGzip(raw), 'gzip'],
        ['CRC-32 alone, word reads (write/crc32.ts)', (raw) => new Uint8Array(4).fill(lib.crc32(raw) & 0xff), null],
        [
          'CRC-32 alone, byte reads (read/inflate.ts)',
          (raw) => new Uint8Array(4).fill(lib.byteCrc32(raw) & 0xff),
          null,
        ],
      ];
      const out: { name: string; ms: number[]; bytes: number }[] = [];
      for (const [name, run, format] of candidates) {
        // One pass untimed: compiled and warm, as in a helper by its second file.
        const first = await run(raws[0] as Uint8Array);
        if (format && !same(await through(first, new DecompressionStream(format)), raws[0] as Uint8Array))
          throw new Error(`${name} does not round-trip`);
        const ms: number[] = [];
        let bytes = 0;
        for (let r = 0; r < rounds; r++) {
          bytes = 0;
          const t0 = performance.now();
          for (const raw of raws) bytes += (await run(raw)).length;
          ms.push(performance.now() - t0);
        }
        out.push({ name, ms, bytes });
      }
      return { results: out, rawBytes: raws.reduce((s, r) => s + r.length, 0) };
    }, rounds);
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const zlib = med((results.results[0] as Timed).ms);
    const rows = [
      [
        'compressor (page thread, Chromium ' + browser.version() + ')',
        'median ms',
        'MB/s',
        'vs CompressionStream',
        'bytes out',
        'size vs CompressionStream',
      ],
    ];
    const zBytes = (results.results[0] as Timed).bytes;
    for (const r of results.results as Timed[]) {
      const m = med(r.ms);
      rows.push([
        r.name,
        m.toFixed(0),
        (results.rawBytes / m / 1000).toFixed(0),
        `${(zlib / m).toFixed(2)}× as fast`,
        r.bytes.toLocaleString('en-US'),
        r.name.startsWith('CRC') ? '' : `${(r.bytes / zBytes).toFixed(2)}×`,
      ]);
    }
    const load1 = os.loadavg()[0] as number;
    console.log(
      `${n.toLocaleString('en-US')} URLs, ${(results.rawBytes / 1e6).toFixed(1)} MB of sitemap XML in ${paths.length} files, ${rounds} rounds; load ${load0.toFixed(1)} → ${load1.toFixed(1)}\n`,
    );
    console.log(table(rows));
  } finally {
    await browser.close();
  }
}

await main();

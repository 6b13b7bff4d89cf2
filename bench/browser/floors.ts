/**
 * The page's own floors on the same files (issue 13, point 5): what the
 * platform alone takes, with none of our work, timed inside the page.
 * - decode: each `.xml.gz` through DecompressionStream, then TextDecoder —
 *   the least any import of these files costs (our import parses on top);
 * - gzip: the decoded XML through CompressionStream — what compressing the
 *   export's bytes costs on one thread with the platform's zlib (level 6);
 * - our gzip: the same bytes through fastGzip (fast-deflate.ts, the deflate
 *   the export's gzip helpers run), bundled into the page: what the export's
 *   compression costs on one thread (our export serializes on top, and
 *   spreads the compression over helper workers).
 * Files one after another on the page's thread; the bytes are read from the
 * files before the clock starts.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { installPageScript } from './page-script';

const INPUT_ID = 'bench-floor-files';

export interface PageFloors {
  decodeMs: number;
  gzipMs: number;
  ourGzipMs: number;
  /** Characters decoded (a cross-check that the work was done). */
  chars: number;
}

export async function measurePageFloors(page: Page, gzPaths: string[]): Promise<PageFloors> {
  await page.evaluate((id) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.id = id;
    input.hidden = true;
    document.body.append(input);
  }, INPUT_ID);
  await page.setInputFiles(`#${INPUT_ID}`, gzPaths);
  await installPageScript(page, join(import.meta.dirname, '../../src/core/write/fast-deflate.ts'), '__benchDeflate');
  return page.evaluate(async (id) => {
    const ours = (globalThis as unknown as { __benchDeflate: { fastGzip(b: Uint8Array): Uint8Array } }).__benchDeflate;
    const input = document.getElementById(id) as HTMLInputElement;
    const files = await Promise.all([...(input.files ?? [])].map(async (f) => new Uint8Array(await f.arrayBuffer())));
    input.remove();
    const through = (
      bytes: Uint8Array<ArrayBuffer>,
      t: CompressionStream | DecompressionStream,
    ): Promise<ArrayBuffer> => {
      const source = new ReadableStream<BufferSource>({
        start(c) {
          c.enqueue(bytes);
          c.close();
        },
      });
      return new Response(source.pipeThrough(t)).arrayBuffer();
    };
    const decoder = new TextDecoder();
    const raws: Uint8Array<ArrayBuffer>[] = [];
    let chars = 0;
    let t0 = performance.now();
    for (const f of files) {
      const raw = new Uint8Array(await through(f, new DecompressionStream('gzip')));
      chars += decoder.decode(raw).length;
      raws.push(raw);
    }
    const decodeMs = performance.now() - t0;
    t0 = performance.now();
    let out = 0;
    for (const raw of raws) out += (await through(raw, new CompressionStream('gzip'))).byteLength;
    const gzipMs = performance.now() - t0;
    if (out === 0) throw new Error('the gzip floor wrote nothing');
    // Once untimed, as a helper is by its second file: compiled, not interpreted.
    ours.fastGzip(raws[0] as Uint8Array);
    t0 = performance.now();
    let ourOut = 0;
    for (const raw of raws) ourOut += ours.fastGzip(raw).length;
    const ourGzipMs = performance.now() - t0;
    if (ourOut === 0) throw new Error('our gzip floor wrote nothing');
    return { decodeMs, gzipMs, ourGzipMs, chars };
  }, INPUT_ID);
}

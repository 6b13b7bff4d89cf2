/*
 * Gunzip through the platform's DecompressionStream (native zlib) before the
 * core reads the files: measured in Chromium on 20 files of 50,000 URLs
 * (17 MB gzipped, 179 MB XML), fflate's inflate plus our CRC check took
 * about 2.3 s of the import's worker time; native zlib is several times
 * faster and checks the CRC itself.
 *
 * A stream whose output passes the size cap is stopped there and reported
 * with the core's cap message: it is inflated once (the portable gunzip
 * used to inflate it again to the cap, 256 MiB more of work on one thread).
 * A stream that fails (truncated, corrupt, several members, bytes after its
 * end) is left to the core's portable gunzip, which produces the exact
 * partial data and located message users see; that is bounded by the cap.
 */
import { beat } from '../core/base/beat';
import { capFailure, gunzipCapped, type Inflated } from '../core/read/inflate';
import type { InputFile } from '../core/read/import-files';

/** What the native gunzip made of each gzipped input, by the very input buffer it came from. */
export type Preinflated = WeakMap<Uint8Array, Inflated>;

/** The native gunzip's answer: the whole output, the cap passed, or null (failed: the portable path reads it). */
export type NativeGunzip = { data: Uint8Array } | { capped: true } | null;

const isGzip = (b: Uint8Array): boolean => b.length >= 18 && b[0] === 0x1f && b[1] === 0x8b;

/**
 * Inflates `bytes` natively, stopping as soon as the output passes `cap`.
 * `onOutput` hears the bytes inflated so far after each piece: the stream
 * hands its output over between tasks, so the worker answers meanwhile.
 */
export async function gunzipNative(
  bytes: Uint8Array,
  cap: number,
  onOutput: (bytes: number) => void = () => {},
): Promise<NativeGunzip> {
  if (typeof DecompressionStream === 'undefined') return null;
  // Written straight into the stream: a Blob would send the bytes to the browser process and back.
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  // A corrupt stream rejects these too; the reader below reports it.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // The reads resolve in microtasks, one after another: the thread answers nothing
      // meanwhile, and a bomb inflates for seconds here. A beat per KiB (core/beat.ts).
      beat(value.length >> 10);
      total += value.length;
      if (total > cap) {
        chunks.length = 0;
        await reader.cancel().catch(() => {});
        return { capped: true };
      }
      chunks.push(value);
      onOutput(total);
    }
  } catch {
    return null;
  }
  // Bytes after the trailer (garbage, or more members) are the portable path's to report: the stream may have ignored them.
  const n = bytes.length;
  const isize =
    ((bytes[n - 4] as number) |
      ((bytes[n - 3] as number) << 8) |
      ((bytes[n - 2] as number) << 16) |
      ((bytes[n - 1] as number) << 24)) >>>
    0;
  if (isize !== total % 2 ** 32) return null;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { data: out };
}

/**
 * Inflates every gzipped input natively, all at once: a stream waits
 * between its chunks, and the waits of several overlap. Measured in Chromium
 * on the 20 files of 1,000,000 URLs (load 8): 1.76 s one after another,
 * 1.02 s together. They are held until the import ends: the source text,
 * only while importing. `onOutput` hears the bytes inflated so far, all
 * files together.
 */
export async function preinflate(
  inputs: InputFile[],
  cap: number,
  onOutput: (bytes: number) => void = () => {},
): Promise<Preinflated> {
  const done: Preinflated = new WeakMap();
  const gzipped = inputs.filter((input) => isGzip(input.bytes));
  const sofar = new Array<number>(gzipped.length).fill(0);
  let sum = 0;
  const inflated = await Promise.all(
    gzipped.map((input, k) =>
      gunzipNative(input.bytes, cap, (bytes) => {
        sum += bytes - (sofar[k] as number);
        sofar[k] = bytes;
        onOutput(sum);
      }),
    ),
  );
  gzipped.forEach((input, k) => {
    const result = inflated[k];
    if (!result) return;
    done.set(
      input.bytes,
      'capped' in result
        ? { data: new Uint8Array(0), capped: true, failure: capFailure(cap) }
        : { data: result.data, capped: false },
    );
  });
  return done;
}

/** The core's gunzip hook: what was inflated (or stopped at the cap) natively, else the portable path. */
export function gunzipFrom(preinflated: Preinflated): (bytes: Uint8Array, cap: number) => Inflated {
  return (bytes, cap) => preinflated.get(bytes) ?? gunzipCapped(bytes, cap);
}

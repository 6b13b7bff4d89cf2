import { gunzipSync, gzipSync } from 'node:zlib';
import type { Inflated } from '../core/read/inflate';
import { formatBytes } from '../core/read/inflate';

/**
 * zlib's native gunzip with the core's cap and messages: it checks the CRC
 * and stops at `maxOutputLength`, so a bomb never inflates past the cap.
 */
export function nodeGunzip(bytes: Uint8Array, cap: number): Inflated {
  try {
    return { data: new Uint8Array(gunzipSync(bytes, { maxOutputLength: cap })), capped: false };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
      return { data: new Uint8Array(0), capped: true, failure: `decompressed size exceeds the cap of ${formatBytes(cap)}: stopped (a compression bomb?)` };
    }
    if (err.code === 'Z_BUF_ERROR') return { data: partial(bytes, cap), capped: false, failure: 'the compressed stream is truncated (unexpected end of data)' };
    if (err.code === 'Z_DATA_ERROR' && /check/i.test(err.message)) return { data: partial(bytes, cap), capped: false, failure: 'the gzip CRC check failed: the data is corrupt' };
    return { data: partial(bytes, cap), capped: false, failure: `the compressed data is invalid (${err.message})` };
  }
}

/** What a damaged stream holds before the damage, as the portable path keeps it. */
function partial(bytes: Uint8Array, cap: number): Uint8Array {
  try {
    return new Uint8Array(gunzipSync(bytes, { maxOutputLength: cap, finishFlush: 2 /* Z_SYNC_FLUSH */ }));
  } catch {
    return new Uint8Array(0);
  }
}

/** zlib's native gzip at level 6: the export's compressor in Node. */
export function nodeGzip(raw: Uint8Array): Uint8Array {
  return new Uint8Array(gzipSync(raw, { level: 6 }));
}

/** Output cross-checks, run outside the timed sections. */
import { gunzipSync } from 'node:zlib';

const URL_TAG = Buffer.from('<url>');

/** `<url>` start tags in the files (gunzipped when they are gzip), i.e. URLs actually written. */
export function countUrlTags(files: Uint8Array[]): number {
  let n = 0;
  for (const f of files) {
    const raw = f[0] === 0x1f && f[1] === 0x8b ? gunzipSync(f) : Buffer.from(f.buffer, f.byteOffset, f.length);
    for (let i = raw.indexOf(URL_TAG); i !== -1; i = raw.indexOf(URL_TAG, i + URL_TAG.length)) n++;
  }
  return n;
}

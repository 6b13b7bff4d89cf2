/** The compressors compressors.ts times in the page: ours and fflate's, as the page script sees them. */
import { deflateSync } from 'fflate';
import { crc32 as byteCrc32 } from '../../src/core/read/inflate';
import { crc32 } from '../../src/core/text/crc32';
import { deflateRaw, fastGzip } from '../../src/core/write/fast-deflate';

export { byteCrc32, crc32, deflateRaw, fastGzip };

export function fflateDeflate(raw: Uint8Array, level: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9): Uint8Array {
  return deflateSync(raw, { level });
}

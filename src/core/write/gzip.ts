import { gzipSync } from 'fflate';

/**
 * Gzips one file at level 6. The header's mtime is written as 0 (fflate
 * omits it for 0), so the same bytes in give the same bytes out.
 */
export function gzipFile(data: Uint8Array): Uint8Array {
  return gzipSync(data, { level: 6, mtime: 0 });
}

import { DEFAULT_MAX_DECOMPRESSED, type Inflated } from '../core/read/inflate';
import { finishImport, importFileInto, type ImportOptions, type InputFile } from '../core/read/import-files';
import { sniffBytes } from '../core/rules/file/sniff';
import { emptySet, type SitemapSet } from '../core/read/sitemap-set';
import { nodeGunzip, nodeGunzipAsync } from './node-gzip';

/**
 * {@link importFiles} with each gzipped file inflated on zlib's thread pool
 * while the file before it is read: the gunzips (a tenth of a .xml.gz
 * import) leave this thread. Holds two inflated files at most. Same rows,
 * problems and messages as importFiles with nodeGunzip.
 */
export async function importFilesOverlapped(
  inputs: readonly InputFile[],
  opts: Omit<ImportOptions, 'gunzip'> = {},
): Promise<SitemapSet> {
  const cap = opts.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED;
  const start = (f: InputFile | undefined): Promise<Inflated> | null =>
    f && sniffBytes(f.bytes).kind === 'gzip' ? nodeGunzipAsync(f.bytes, cap) : null;
  const set = emptySet();
  const bytesTotal = inputs.reduce((n, f) => n + f.bytes.length, 0);
  let bytesDone = 0;
  let next = start(inputs[0]);
  for (let k = 0; k < inputs.length; k++) {
    const input = inputs[k] as InputFile;
    const inflated = next ? await next : null;
    next = start(inputs[k + 1]);
    // Only this file's own bytes were inflated ahead; a gzip inside it (nested, or a zip member) is inflated here.
    const gunzip = (bytes: Uint8Array, c: number): Inflated =>
      inflated && bytes === input.bytes && c === cap ? inflated : nodeGunzip(bytes, c);
    importFileInto(set, input, { ...opts, gunzip });
    bytesDone += input.bytes.length;
    opts.onProgress?.({ bytesDone, bytesTotal, urls: set.rows.length });
  }
  finishImport(set);
  return set;
}

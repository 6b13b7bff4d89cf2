import { restoreSet } from '../core/persist/document-snapshot';
import { importFiles, type ImportProgress, type InputFile } from '../core/read/import-files';
import { DEFAULT_MAX_DECOMPRESSED } from '../core/read/inflate';
import { mergeSets } from '../core/read/merge-sets';
import type { SitemapSet } from '../core/sitemap-set';
import { gunzipFrom, preinflate } from './native-gunzip';
import { splitInputs, type ParseHelper } from './parse-helper';

/**
 * Reads the files of an import into one set, in file order: about half of
 * the bytes on the parse helper, the rest here, at the same time. Measured
 * in Node on 1,000,000 URLs in 20 files: 3.3 s read in one, 2.0 s for the
 * larger half, plus 0.2 s to hand the rows over and 0.3 s to merge them.
 * Should the helper fail, its files are read here.
 */
export async function readImport(inputs: InputFile[], helper: Pick<ParseHelper, 'available' | 'parse'>, onProgress: (p: ImportProgress) => void): Promise<SitemapSet> {
  const { here, helper: there } = helper.available ? splitInputs(inputs) : { here: inputs, helper: [] };
  const theirs = there.length > 0 ? helper.parse(there) : null;
  const bytesTotal = inputs.reduce((n, f) => n + f.bytes.length, 0);
  const set = await readHere(here, (p) => onProgress({ ...p, bytesTotal }));
  if (!theirs) {
    set.rows.trim();
    return set;
  }
  let more: SitemapSet;
  try {
    more = restoreSet(await theirs);
  } catch {
    more = await readHere(there, () => {});
  }
  mergeSets(set, more);
  set.rows.trim();
  onProgress({ bytesDone: bytesTotal, bytesTotal, urls: set.rows.length });
  return set;
}

async function readHere(inputs: InputFile[], onProgress: (p: ImportProgress) => void): Promise<SitemapSet> {
  const preinflated = await preinflate(inputs, DEFAULT_MAX_DECOMPRESSED);
  return importFiles(inputs, { onProgress, gunzip: gunzipFrom(preinflated) });
}

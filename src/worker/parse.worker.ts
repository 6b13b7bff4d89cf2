/*
 * A second worker that reads part of an import: the files are split between
 * it and the main worker, both parse at once (two cores), and the main worker
 * merges this one's rows after its own, in file order. The rows come back in
 * their saved form (chunk strings and typed arrays), which clones fast; the
 * typed arrays are handed over, not cloned.
 */
import { snapshotSet } from '../core/persist/document-snapshot';
import { importFiles, type InputFile } from '../core/read/import-files';
import { DEFAULT_MAX_DECOMPRESSED } from '../core/read/inflate';
import { answerRequests } from './helper-worker';
import { gunzipFrom, preinflate } from './native-gunzip';
import { rowBuffers } from './row-buffers';

answerRequests(async (inputs: InputFile[]) => {
  const preinflated = await preinflate(inputs, DEFAULT_MAX_DECOMPRESSED);
  const set = importFiles(inputs, { gunzip: gunzipFrom(preinflated) });
  const result = snapshotSet(set, '', 0);
  return { result, transfer: rowBuffers(result.rows) };
});

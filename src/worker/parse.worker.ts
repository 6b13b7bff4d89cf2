/*
 * A second worker that reads part of an import: the files are split between
 * it and the main worker, both parse at once (two cores), and the main worker
 * merges this one's rows after its own, in file order. The rows come back in
 * their saved form (chunk strings and typed arrays; lastmod as its distinct
 * values once, hand-over-set.ts), which clones fast; the
 * typed arrays are handed over, not cloned. Given a basis, it checks its rows
 * on their own too (ownChecks), so that work is off the main worker's core.
 */
import { ownChecks } from '../core/check/own-checks';
import { importFiles } from '../core/read/import-files';
import { DEFAULT_MAX_DECOMPRESSED } from '../core/read/inflate';
import { answerRequests } from './helper-worker';
import { handOverSet } from './hand-over-set';
import { gunzipFrom, preinflate } from './native-gunzip';
import type { ParseAnswer, ParseRequest } from './parse-helper';
import { rowBuffers } from './row-buffers';
import { timed, timedAsync } from './import-timing';

answerRequests(async ({ inputs, basis }: ParseRequest) => {
  const preinflated = await timedAsync('helper gunzip', () => preinflate(inputs, DEFAULT_MAX_DECOMPRESSED));
  const set = timed('helper read', () => importFiles(inputs, { gunzip: gunzipFrom(preinflated) }));
  const own = basis ? timed('helper own checks', () => ownChecks(set.rows, basis.siteUrl, basis.now)) : null;
  const snapshot = timed('helper snapshot', () => handOverSet(set));
  const result: ParseAnswer = { snapshot, own };
  const transfer = rowBuffers(snapshot.rows);
  if (own) transfer.push(own.codes.buffer as ArrayBuffer, own.hashes.buffer as ArrayBuffer);
  return { result, transfer };
});

/*
 * A second worker that reads part of an import: the files are split between
 * it and the main worker, both parse at once (two cores), and the main worker
 * merges this one's rows after its own, in file order. The rows come back in
 * their saved form (chunk strings and typed arrays; lastmod as its distinct
 * values once, hand-over-set.ts), which clones fast; the
 * typed arrays are handed over, not cloned. Asked, it then checks its rows
 * on their own too (ownChecks), so that work is off the main worker's core,
 * and at the time the main worker takes the rows in (parse-helper.ts).
 */
import { ownChecks } from '../core/check/own-checks';
import { importFiles } from '../core/read/import-files';
import { DEFAULT_MAX_DECOMPRESSED } from '../core/read/inflate';
import type { SitemapSet } from '../core/read/sitemap-set';
import { answerRequests, type Handled } from './helper-worker';
import { handOverSet } from './hand-over-set';
import { gunzipFrom, preinflate } from './native-gunzip';
import type { HelperAnswer, HelperRequest } from './parse-helper';
import { rowBuffers } from './row-buffers';
import { timed, timedAsync } from './import-timing';

/** The set of the latest read, once its rows are posted (null when the read failed): what an 'own' request checks. */
let lastRead: Promise<SitemapSet | null> = Promise.resolve(null);

answerRequests(async (req: HelperRequest): Promise<Handled<HelperAnswer>> => {
  if (req.kind === 'own') {
    const set = await lastRead;
    // Checked once: the set is not held past its checks.
    lastRead = Promise.resolve(null);
    if (!set) throw new Error('no rows to check: the read failed');
    const own = timed('helper own checks', () => ownChecks(set.rows, req.basis.siteUrl, req.basis.now));
    return { result: own, transfer: [own.codes.buffer as ArrayBuffer, own.hashes.buffer as ArrayBuffer] };
  }
  // Set before the first await: the 'own' request that follows is handled while this one waits for its gunzip.
  let done: (set: SitemapSet | null) => void = () => {};
  lastRead = new Promise((resolve) => (done = resolve));
  try {
    const preinflated = await timedAsync('helper gunzip', () => preinflate(req.inputs, DEFAULT_MAX_DECOMPRESSED));
    const set = timed('helper read', () => importFiles(req.inputs, { gunzip: gunzipFrom(preinflated) }));
    const snapshot = timed('helper snapshot', () => handOverSet(set));
    // The snapshot's buffers are copies (toSnapshot): handing them over leaves the set whole for its checks.
    return { result: snapshot, transfer: rowBuffers(snapshot.rows), posted: (ok) => done(ok ? set : null) };
  } catch (err) {
    done(null);
    throw err;
  }
});

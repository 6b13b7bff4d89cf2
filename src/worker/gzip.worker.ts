/*
 * A second worker that only gzips: the export's main worker hands it each
 * sitemap as soon as it is written and goes on writing the next, so on two
 * cores compression overlaps serialization instead of following it.
 * It gzips with our own deflate (fast-deflate.ts), not CompressionStream:
 * measured in Chromium on the export's sitemap bytes, it is faster than the
 * platform's zlib at level 6, the only level CompressionStream offers
 * (bench/browser/compressors.ts; the figures are in bench/README.md).
 */
import { warmUpDeflate } from '../core/write/deflate-warmup';
import { fastGzip } from '../core/write/fast-deflate';
import { measureExport } from './export-timing';
import { answerRequests } from './helper-worker';

answerRequests(async (raw: Uint8Array) => {
  const start = performance.now();
  const gz = fastGzip(raw);
  measureExport('helper deflate', start);
  return { result: gz, transfer: [gz.buffer] };
});

// As it starts (with the main worker, long before a download): a cold deflate took four times as long on the first files (deflate-warmup.ts).
warmUpDeflate();

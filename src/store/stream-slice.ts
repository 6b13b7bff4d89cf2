import { msg } from '../i18n/translator';
import type { StateCreator } from 'zustand';
import { estimateUrls, type FileSample, type SetEstimate } from '../core/stream/estimate';
import { isAbortError, type WorkerClient } from '../worker/client';
import type { JobProgress } from '../worker/protocol';
import type { StreamOutcome } from '../worker/stream-protocol';
import type { AppState } from './app-store';
import { streamThreshold, type StreamThreshold } from './stream-threshold';

/** Files held back from the table because they hold more URLs than it can. */
export interface StreamOffer {
  files: File[];
  estimate: SetEstimate;
  threshold: StreamThreshold;
  /** URLs already in the table, which an import would add to. */
  inTable: number;
}

export interface StreamSlice {
  /** The offer of the streaming path for files too many for the table; null when none. */
  streamOffer: StreamOffer | null;
  /** The streaming run in the worker (progress null until it reports); null when none runs. */
  streamRun: { progress: JobProgress | null; fix: boolean; files: number } | null;
  /** What the last streaming run found and wrote; null when none, or once closed. */
  streamResult: StreamOutcome | null;
  /**
   * Asked by importFiles first: `false` at once when the files surely fit the
   * table, else resolves to true when they were held back for the offer.
   */
  offerStreaming: (files: File[]) => false | Promise<boolean>;
  /** Checks and re-splits the offered files in the worker, without loading them. */
  startStream: (fix: boolean) => Promise<void>;
  /** Imports the offered files into the table after all. */
  importAnyway: () => void;
  cancelStream: () => void;
  /** Forgets the offer or the result. */
  closeStream: () => void;
}

/**
 * Bytes read from the start of each file to estimate its URLs: a gzipped head
 * is inflated on the page's thread (about ten times its size), so it stays
 * small; 32 KiB of a gzipped urlset still holds a couple of thousand entries.
 */
const SAMPLE_BYTES = 32 * 1024;
/**
 * Files sampled; the others are counted at the sampled URLs per byte. Each
 * sample is inflated and counted on the page's thread, before the import can
 * start: measured in Chromium on the 20 gzipped files of 1,000,000 URLs,
 * sampling every one held the page 196 ms (its longest frame of the import),
 * the first eight 97 ms of CPU (load 7) while the import waited.
 */
const MAX_SAMPLED = 8;
/**
 * Sampled first: when their estimate, taken {@link FIRST_MARGIN} times over,
 * still fits the table, the import starts on it; only a set nearer the limit
 * has the other samples read to judge it finely.
 */
const FIRST_SAMPLED = 2;
const FIRST_MARGIN = 2;
/** No sitemap packs more URLs per byte than this: 15-byte URLs compressed 30 times. */
const MAX_URLS_PER_BYTE = { compressed: 2, plain: 1 / 15 };

/** @param thresholdOf the table's limit for this browser (given in tests). */
export function createStreamSlice(
  client: WorkerClient,
  thresholdOf: () => StreamThreshold = streamThreshold,
): StateCreator<AppState, [], [], StreamSlice> {
  return (set, get) => {
    // Outside the state: not data to render.
    const allowed = new WeakSet<File[]>();
    let running: AbortController | null = null;

    return {
      streamOffer: null,
      streamRun: null,
      streamResult: null,

      offerStreaming: (files) => {
        if (allowed.has(files)) return false;
        const threshold = thresholdOf();
        const inTable = get().summary?.urlCount ?? 0;
        // The usual case answers at once, so a small import starts as before.
        const bound = files.reduce(
          (n, f) => n + f.size * (/\.(gz|zip)$/i.test(f.name) ? MAX_URLS_PER_BYTE.compressed : MAX_URLS_PER_BYTE.plain),
          0,
        );
        if (inTable + bound <= threshold.urls) return false;
        return (async () => {
          const estimate = await estimateFiles(files, (e) => inTable + e.urls * FIRST_MARGIN <= threshold.urls);
          if (inTable + estimate.urls <= threshold.urls) return false;
          set({ streamOffer: { files, estimate, threshold, inTable }, streamResult: null, notice: null });
          return true;
        })();
      },

      startStream: async (fix) => {
        const offer = get().streamOffer;
        if (!offer) return;
        running?.abort();
        const mine = new AbortController();
        running = mine;
        set({
          streamOffer: null,
          streamResult: null,
          notice: null,
          streamRun: { progress: null, fix, files: offer.files.length },
        });
        try {
          const outcome = await client.call(
            'stream',
            { files: offer.files, fix },
            {
              signal: mine.signal,
              onProgress: (progress) => {
                if (running === mine) set((s) => ({ streamRun: s.streamRun && { ...s.streamRun, progress } }));
              },
            },
          );
          if (running === mine) set({ streamRun: null, streamResult: outcome });
        } catch (err) {
          if (running !== mine) return;
          set({ streamRun: null });
          if (isAbortError(err)) {
            set({ notice: { kind: 'info', text: msg('stream.cancelled') } });
            // Stopping the worker took the document with it: the next one reloads the last save.
            void get().restoreDocument('recover');
            return;
          }
          // A lost worker's document comes back from the save there; the offer went with the run, so no Retry.
          get().reportFailure(msg('job.streaming'), err, null);
        } finally {
          if (running === mine) running = null;
        }
      },

      importAnyway: () => {
        const offer = get().streamOffer;
        if (!offer) return;
        allowed.add(offer.files);
        set({ streamOffer: null });
        void get().importFiles(offer.files);
      },

      cancelStream: () => running?.abort(),

      closeStream: () => set({ streamOffer: null, streamResult: null }),
    };
  };
}

/**
 * Reads the start of each file (of the first few) and estimates the URLs of
 * all: first from {@link FIRST_SAMPLED} files, which is the answer when
 * `clearlyFits` it, then from up to {@link MAX_SAMPLED}.
 */
async function estimateFiles(files: File[], clearlyFits: (e: SetEstimate) => boolean): Promise<SetEstimate> {
  const first = await sampleFiles(files.slice(0, FIRST_SAMPLED));
  const early = scaled(first, files, FIRST_SAMPLED);
  if (files.length <= FIRST_SAMPLED || clearlyFits(early)) return early;
  const more = await sampleFiles(files.slice(FIRST_SAMPLED, MAX_SAMPLED));
  // The sums are per file: the first samples' figures are not read again.
  return scaled(
    { urls: first.urls + more.urls, bytes: first.bytes + more.bytes, exact: first.exact && more.exact },
    files,
    MAX_SAMPLED,
  );
}

async function sampleFiles(sampled: File[]): Promise<SetEstimate> {
  const samples: FileSample[] = await Promise.all(
    sampled.map(async (f) => ({
      name: f.name,
      size: f.size,
      head: new Uint8Array(await f.slice(0, SAMPLE_BYTES).arrayBuffer()),
    })),
  );
  return estimateUrls(samples);
}

/** The estimate of the first `count` files, with the others counted at their URLs per byte. */
function scaled(estimate: SetEstimate, files: File[], count: number): SetEstimate {
  const rest = files.slice(count);
  if (rest.length === 0) return estimate;
  const sampledBytes = files.slice(0, count).reduce((n, f) => n + f.size, 0);
  const restBytes = rest.reduce((n, f) => n + f.size, 0);
  const scale = sampledBytes > 0 ? restBytes / sampledBytes : 0;
  return {
    urls: Math.round(estimate.urls * (1 + scale)),
    bytes: Math.round(estimate.bytes * (1 + scale)),
    exact: false,
  };
}

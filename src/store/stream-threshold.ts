/**
 * How many URLs this tab can hold in the table, before an import is
 * offered the streaming path instead.
 *
 * The reasoning, from what was measured (README, Performance): the table
 * path keeps about 140 bytes of worker heap per URL, plus about 60 for the
 * check's and the view's indexes, and while importing the compressed files
 * and the text of the file being read (up to 256 MiB). At 3,000,000 URLs
 * that is some 600 MB of one worker's heap on top of the page: about what a
 * machine with 8 GB (the most `navigator.deviceMemory` reports) can give a
 * tab without the system killing it. So 3,000,000 by default, scaled down
 * with `deviceMemory` where the browser tells it (4 GB: 1,500,000), never
 * below the 1,000,000 URLs the table is built for, and within the heap
 * limit Chrome reports (`performance.memory`) at 250 bytes a URL.
 *
 * A test hook, `?stream-threshold=N` in the page address, sets it to N so
 * the browser tests can reach the streaming path with small files; the page
 * says when the limit came from there.
 */
export interface StreamThreshold {
  urls: number;
  /** Where the figure came from, for the message. */
  source: 'default' | 'device-memory' | 'heap-limit' | 'address';
}

export const DEFAULT_STREAM_THRESHOLD = 3_000_000;
const FLOOR = 1_000_000;
const BYTES_PER_URL = 250;

interface Platform {
  search?: string;
  deviceMemory?: number;
  heapLimit?: number;
}

/** The threshold for this browser (or for the platform figures given, in tests). */
export function streamThreshold(platform: Platform = currentPlatform()): StreamThreshold {
  const param = new URLSearchParams(platform.search ?? '').get('stream-threshold');
  if (param !== null && /^\d+$/.test(param)) return { urls: Number(param), source: 'address' };
  let best: StreamThreshold = { urls: DEFAULT_STREAM_THRESHOLD, source: 'default' };
  if (platform.deviceMemory !== undefined && platform.deviceMemory > 0) {
    const scaled = Math.max(
      FLOOR,
      Math.min(DEFAULT_STREAM_THRESHOLD, Math.round((DEFAULT_STREAM_THRESHOLD * platform.deviceMemory) / 8)),
    );
    if (scaled < best.urls) best = { urls: scaled, source: 'device-memory' };
  }
  if (platform.heapLimit !== undefined && platform.heapLimit > 0) {
    const byHeap = Math.max(FLOOR, Math.floor(platform.heapLimit / BYTES_PER_URL));
    if (byHeap < best.urls) best = { urls: byHeap, source: 'heap-limit' };
  }
  return best;
}

function currentPlatform(): Platform {
  if (typeof window === 'undefined') return {};
  const nav = navigator as Navigator & { deviceMemory?: number };
  const memory = (performance as Performance & { memory?: { jsHeapSizeLimit?: number } }).memory;
  return { search: window.location.search, deviceMemory: nav.deviceMemory, heapLimit: memory?.jsHeapSizeLimit };
}

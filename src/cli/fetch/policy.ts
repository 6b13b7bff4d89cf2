import { DEFAULT_LIVE_CAPS } from '../../core/live/fetched';

/** What the CLI may fetch, and how much: the options of the one fetch policy (fetch-policy.ts runs it). */

/** What may be fetched, and how much: the CLI's fetch options. */
export interface FetchPolicy {
  /** Per request (connecting, the head and the whole body), in ms: `--timeout`. */
  timeoutMs: number;
  /** Further tries after a 429 or 5xx answer or a dropped connection: `--retries`. */
  retries: number;
  /** First back-off in ms, doubled each try; a Retry-After is honoured up to MAX_RETRY_AFTER_MS (attempt.ts): `--retry-delay`. */
  retryDelayMs: number;
  /** Requests under way at once, in all: `--concurrency`. */
  concurrency: number;
  /** Requests under way at once to one host: `--host-concurrency`. */
  hostConcurrency: number;
  /** Requests started each second at one host, at most (0: no limit): `--host-rate`. */
  hostRate: number;
  /** Cap on one answer, after its Content-Encoding is undone (the same cap as a file's decompressed size). */
  maxBytes: number;
  /** Cap on a robots.txt: Google reads no further; the rest is not read. */
  maxRobotsBytes: number;
  /** Cap on every answer of the run together: `--max-total-mib`. */
  maxTotalBytes: number;
  /** Sitemaps fetched from URLs found in content (Sitemap: lines, index entries) in the run: `--max-sitemaps`. */
  maxSitemaps: number;
  /** The whole run, in ms: nothing starts after it and what is under way is stopped: `--deadline`. */
  deadlineMs: number;
  /** Loopback, private, link-local and other non-public addresses may be fetched from any URL: `--allow-private`. */
  allowPrivate: boolean;
  /** Only the named hosts are fetched; a URL found in content that leads elsewhere is refused: `--same-host`. */
  sameHost: boolean;
  /** The hosts the user named (`URL.host`: the parser's name and port), fetched whatever their address. */
  namedHosts: readonly string[];
}

export const DEFAULT_POLICY: FetchPolicy = {
  timeoutMs: 30_000,
  retries: 2,
  retryDelayMs: 1_000,
  concurrency: 4,
  hostConcurrency: 2,
  hostRate: 10,
  ...DEFAULT_LIVE_CAPS,
  deadlineMs: 600_000,
  allowPrivate: false,
  sameHost: false,
  namedHosts: [],
};

/*
 * What one fetch of a live source comes to, whoever fetched it: the CLI's
 * Fetcher (src/cli/fetch/fetch-policy.ts, also behind `serve`'s endpoint) or
 * the page's Open URL worker reading a site that allows it (CORS). The walk
 * from a robots.txt to an index's children (live-tree.ts) asks a
 * {@link LiveFetcher} and nothing else.
 */

/** One fetch, after redirects and retries. */
export type Fetched =
  | {
      ok: true;
      url: string;
      finalUrl: string;
      bytes: Uint8Array;
      redirects: string[];
      contentType: string;
      /** Only the first bytes were read: the answer was larger than the cap asked for with `truncate`. */
      truncated: boolean;
    }
  | { ok: false; url: string; finalUrl: string; redirects: string[]; failure: FetchFailure };

export type FetchFailure =
  | { kind: 'http'; status: number; statusText: string }
  | { kind: 'redirect'; reason: string }
  | { kind: 'network'; reason: string }
  /** The policy said no: the scheme, the address, --same-host, a cap, the deadline or a cancel. */
  | { kind: 'refused'; reason: string };

/** The caps of a run the walk reads. */
export interface LiveLimits {
  /** Sitemaps fetched from URLs found in content (Sitemap: lines, index entries) in the run. */
  maxSitemaps: number;
  /** Cap on a robots.txt: Google reads no further; the rest is not read. */
  maxRobotsBytes: number;
}

/** What a run may read, in bytes and sitemaps. */
export interface LiveCaps {
  maxBytes: number;
  maxRobotsBytes: number;
  maxTotalBytes: number;
  maxSitemaps: number;
}

/** The default caps of a run, the CLI's and the page's direct Open URL alike. */
export const DEFAULT_LIVE_CAPS: Readonly<LiveCaps> = {
  /** One answer, after its Content-Encoding is undone (the same cap as a file's decompressed size). */
  maxBytes: 256 * 1024 * 1024,
  maxRobotsBytes: 500 * 1024,
  /** Every answer of the run together. */
  maxTotalBytes: 1024 * 1024 * 1024,
  maxSitemaps: 50_000,
};

/** What the walk fetches through: one run, its caps and its sitemap budget. */
export interface LiveFetcher {
  readonly policy: LiveLimits;
  /** Fetches `url` (redirects followed, each checked); the body capped, or cut at `maxBytes` with `truncate`. */
  fetch(url: string, opts?: { maxBytes?: number; truncate?: boolean }): Promise<Fetched>;
  /** Takes one sitemap of the run's budget; false once they are all taken. */
  claimSitemap(): boolean;
  /** Hosts reached that the user did not name, each with the URLs read from it (the CLI's; absent elsewhere). */
  readonly otherHosts?: ReadonlyMap<string, string[]>;
}

/** A URL as a message shows it: a data: URL or a hostile one can be megabytes long. */
export function shownUrl(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}

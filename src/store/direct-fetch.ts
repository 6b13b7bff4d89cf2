/*
 * Open URL on a page that `sitemap-editor serve` did not serve: the browser
 * fetches the URL and what it leads to itself. That works where the site
 * lets other pages read it (CORS: Access-Control-Allow-Origin); elsewhere the
 * browser refuses without saying why, and the page says how to start serve.
 * The walk is the core's (live-tree.ts) and the files go to the one import,
 * as serve's do: only the fetching is the browser's.
 */
import { liveNotes } from '../core/live/apply-live';
import {
  DEFAULT_LIVE_CAPS,
  type Fetched,
  type FetchFailure,
  type LiveCaps,
  type LiveFetcher,
} from '../core/live/fetched';
import { fetchLiveTree, type LiveProgress } from '../core/live/live-tree';
import { formatNumber } from '../core/text/format';
import type { Message } from '../core/base/message';
import { msg } from '../i18n/translator';
import type { Opened } from './serve-client';

/** Per request, as the CLI's default --timeout. */
const TIMEOUT_MS = 30_000;

/** The browser would not read the URL the user gave: said in one sentence, with how to start serve. */
export class CorsBlockedError extends Error {
  override name = 'CorsBlockedError';
  readonly said: Message;
  constructor(readonly url: string) {
    super(
      `${url} does not let a web page read it (CORS): run "npx sitemap-editor serve" and open the address it prints`,
    );
    this.said = msg('openUrl.corsBlocked', { url });
  }
}

type Caps = Readonly<LiveCaps>;

/** A {@link LiveFetcher} over the browser's fetch(): http(s) only, the CLI's caps, cancelled by `signal`. */
export class BrowserFetcher implements LiveFetcher {
  readonly policy: { maxSitemaps: number; maxRobotsBytes: number };
  /** URLs the browser refused to read (a CORS refusal or no answer: it does not tell which). */
  readonly blocked = new Set<string>();
  private sitemaps = 0;
  private used = 0;

  constructor(
    private readonly signal?: AbortSignal,
    private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init),
    private readonly caps: Caps = DEFAULT_LIVE_CAPS,
  ) {
    this.policy = { maxSitemaps: caps.maxSitemaps, maxRobotsBytes: caps.maxRobotsBytes };
  }

  claimSitemap(): boolean {
    if (this.sitemaps >= this.caps.maxSitemaps) return false;
    this.sitemaps++;
    return true;
  }

  async fetch(url: string, opts: { maxBytes?: number; truncate?: boolean } = {}): Promise<Fetched> {
    let finalUrl = url;
    let redirects: string[] = [];
    const fail = (failure: FetchFailure): Fetched => ({ ok: false, url, finalUrl, redirects, failure });
    const cancelled = (when: string): Fetched => fail({ kind: 'refused', reason: `the run was cancelled ${when}` });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return fail({ kind: 'refused', reason: 'it is not a URL' });
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      return fail({ kind: 'refused', reason: `only http and https URLs are fetched, not ${target.protocol}` });
    if (this.signal?.aborted) return cancelled('before it was read');
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const signal = this.signal ? AbortSignal.any([this.signal, timeout]) : timeout;
    let res: Response;
    try {
      // No cookies and no Referer: the site learns nothing of the user or of the editor's address.
      res = await this.fetchFn(target.href, {
        signal,
        mode: 'cors',
        credentials: 'omit',
        redirect: 'follow',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
      });
    } catch {
      if (this.signal?.aborted) return cancelled('before it was read');
      if (timeout.aborted)
        return fail({ kind: 'network', reason: `no answer within ${formatNumber(TIMEOUT_MS)} ms (timed out)` });
      this.blocked.add(url);
      return fail({
        kind: 'network',
        reason:
          'the browser could not read it: the site does not let a web page read it (CORS), or it could not be reached',
      });
    }
    // The browser follows redirects and tells only where they ended.
    if (res.url && res.url !== target.href) finalUrl = res.url;
    if (res.redirected) redirects = [finalUrl];
    if (res.type === 'opaque' || res.type === 'opaqueredirect') {
      this.blocked.add(url);
      return fail({ kind: 'network', reason: 'the site does not let a web page read it (CORS)' });
    }
    if (res.status !== 200) {
      void res.body?.cancel().catch(() => undefined);
      return fail({ kind: 'http', status: res.status, statusText: res.statusText });
    }
    const cap = opts.maxBytes ?? this.caps.maxBytes;
    const truncate = opts.truncate ?? false;
    const tooLarge = `the answer is larger than ${formatNumber(cap)} bytes, the cap`;
    const declared = Number(res.headers.get('content-length') ?? '');
    // A declared length counts the encoded bytes: only a plain answer is judged by it.
    if (!truncate && !res.headers.get('content-encoding') && Number.isFinite(declared) && declared > cap) {
      void res.body?.cancel().catch(() => undefined);
      return fail({ kind: 'network', reason: tooLarge });
    }
    const read = await this.readCapped(res, cap, truncate);
    if (read === 'cap') return fail({ kind: 'network', reason: tooLarge });
    if (read === 'total')
      return fail({
        kind: 'refused',
        reason: `the run's total of ${formatNumber(this.caps.maxTotalBytes)} bytes was reached while it was read`,
      });
    if (read === 'failed') {
      if (this.signal?.aborted) return cancelled('while it was read');
      return fail({ kind: 'network', reason: 'the answer was cut off while it was read' });
    }
    return {
      ok: true,
      url,
      finalUrl,
      bytes: read.bytes,
      redirects,
      contentType: res.headers.get('content-type') ?? '',
      truncated: read.truncated,
    };
  }

  /** The body up to `cap` bytes (cut there with `truncate`), within the run's total. */
  private async readCapped(
    res: Response,
    cap: number,
    truncate: boolean,
  ): Promise<{ bytes: Uint8Array; truncated: boolean } | 'cap' | 'total' | 'failed'> {
    if (!res.body) return { bytes: new Uint8Array(0), truncated: false };
    const reader = res.body.getReader();
    const parts: Uint8Array[] = [];
    let total = 0;
    let truncated = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let piece = value;
        if (total + piece.length > cap) {
          if (!truncate) return 'cap';
          piece = piece.subarray(0, cap - total);
          truncated = true;
        }
        if (this.used + piece.length > this.caps.maxTotalBytes) return 'total';
        this.used += piece.length;
        parts.push(piece);
        total += piece.length;
        if (truncated) break;
      }
    } catch {
      return 'failed';
    } finally {
      void reader.cancel().catch(() => undefined);
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    return { bytes, truncated };
  }
}

/**
 * Opens `url` with the browser's own fetches: the walk's files and notes, as
 * {@link openThroughServe} gives them. Rejects with {@link CorsBlockedError}
 * when the browser would not read the URL itself, with an AbortError when
 * cancelled, and with a sentence when nothing could be read.
 */
export async function openDirect(
  url: string,
  signal: AbortSignal | undefined,
  onProgress: (p: LiveProgress) => void,
  fetchFn?: typeof fetch,
): Promise<Opened> {
  const fetcher = new BrowserFetcher(signal, fetchFn);
  const tree = await fetchLiveTree(url, fetcher, { onProgress });
  if (signal?.aborted) throw new DOMException('Open URL was cancelled', 'AbortError');
  if (tree.files.length === 0) {
    if (fetcher.blocked.has(url)) throw new CorsBlockedError(url);
    throw new Error(`Nothing could be read from ${url}: ${tree.problems[0]?.message ?? 'it holds no sitemap'}`);
  }
  return {
    files: tree.files.map((f) => new File([f.bytes as Uint8Array<ArrayBuffer>], f.name)),
    notes: liveNotes(tree),
  };
}

import { version } from '../../../package.json';
import { formatNumber } from '../../core/text/format';

/** How live sources are fetched; the CLI's `--timeout`, `--retries`, `--retry-delay`, `--concurrency`. */
export interface FetchOptions {
  /** Per request, in ms. */
  timeoutMs: number;
  /** Further tries after a 429 or 5xx answer or a dropped connection. */
  retries: number;
  /** First back-off in ms; doubled each try. A Retry-After is honoured up to {@link MAX_RETRY_AFTER_MS}. */
  retryDelayMs: number;
  /** Requests under way at once. */
  concurrency: number;
  /** Cap on the bytes of one answer (the same cap as a file's decompressed size). */
  maxBytes: number;
}

export const DEFAULT_FETCH: FetchOptions = {
  timeoutMs: 30_000,
  retries: 2,
  retryDelayMs: 1_000,
  concurrency: 4,
  maxBytes: 256 * 1024 * 1024,
};

/** Redirects followed at most, as Google's sitemap fetcher does. */
export const MAX_REDIRECTS = 5;
/** A server asking for more than this is not waited for. */
export const MAX_RETRY_AFTER_MS = 60_000;

export const USER_AGENT = `sitemap-editor/${version} (sitemap checker; +https://www.npmjs.com/package/sitemap-editor)`;

/** One fetch, after redirects and retries. */
export type Fetched =
  | { ok: true; url: string; finalUrl: string; bytes: Uint8Array; redirects: string[]; contentType: string }
  | { ok: false; url: string; finalUrl: string; redirects: string[]; failure: FetchFailure };

export type FetchFailure =
  | { kind: 'http'; status: number; statusText: string }
  | { kind: 'redirect'; reason: string }
  | { kind: 'network'; reason: string };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** The wait a Retry-After header asks for (seconds or an HTTP date), within reason; else the back-off. */
function waitFor(header: string | null, backoffMs: number): number {
  if (header) {
    const s = Number(header);
    const ms = Number.isFinite(s) ? s * 1000 : Date.parse(header) - Date.now();
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_RETRY_AFTER_MS);
  }
  return backoffMs;
}

/** Reads a body up to `max` bytes; null when it is larger. */
async function readCapped(res: Response, max: number): Promise<Uint8Array | null> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel();
    return null;
  }
  if (!res.body) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > max) {
      await res.body.cancel().catch(() => {});
      return null;
    }
    parts.push(chunk);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function reasonOf(e: unknown, timeoutMs: number): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError')
    return `no answer within ${formatNumber(timeoutMs)} ms (timed out)`;
  const cause = err.cause?.code ?? err.cause?.message;
  return cause ? `${err.message ?? 'fetch failed'} (${cause})` : (err.message ?? String(e));
}

/**
 * Fetches `url` with Node's fetch: redirects followed by hand (at most
 * {@link MAX_REDIRECTS}, each one listed), a timeout per request, 429 and 5xx
 * retried with back-off, the body capped. Content-Encoding gzip is undone by
 * fetch; a gzipped file (.gz) comes back as it is, for the importer to sniff.
 */
export async function fetchSource(url: string, opts: FetchOptions): Promise<Fetched> {
  const redirects: string[] = [];
  let current = url;
  const seen = new Set([url]);
  for (;;) {
    let res: Response | null = null;
    let reason = '';
    for (let attempt = 0; attempt <= opts.retries; attempt++) {
      try {
        res = await fetch(current, {
          redirect: 'manual',
          signal: AbortSignal.timeout(opts.timeoutMs),
          headers: { 'user-agent': USER_AGENT, accept: 'application/xml, text/xml, text/plain, */*' },
        });
      } catch (e) {
        res = null;
        reason = reasonOf(e, opts.timeoutMs);
        // A timeout is not retried: the server was given its time.
        if (/timed out/.test(reason) || attempt === opts.retries) break;
        await sleep(opts.retryDelayMs * 2 ** attempt);
        continue;
      }
      if (!retryable(res.status) || attempt === opts.retries) break;
      await res.body?.cancel();
      await sleep(waitFor(res.headers.get('retry-after'), opts.retryDelayMs * 2 ** attempt));
    }
    if (!res) return { ok: false, url, finalUrl: current, redirects, failure: { kind: 'network', reason } };
    if (res.status >= 300 && res.status < 400 && res.status !== 304) {
      await res.body?.cancel();
      const location = res.headers.get('location');
      let next: string;
      try {
        next = location ? new URL(location, current).href : '';
      } catch {
        next = '';
      }
      if (!next)
        return {
          ok: false,
          url,
          finalUrl: current,
          redirects,
          failure: { kind: 'redirect', reason: `${res.status} without a usable Location header` },
        };
      redirects.push(next);
      if (seen.has(next))
        return {
          ok: false,
          url,
          finalUrl: next,
          redirects,
          failure: { kind: 'redirect', reason: `a redirect loop (${redirects.length} redirects back to ${next})` },
        };
      if (redirects.length > MAX_REDIRECTS)
        return {
          ok: false,
          url,
          finalUrl: next,
          redirects,
          failure: { kind: 'redirect', reason: `more than ${MAX_REDIRECTS} redirects` },
        };
      seen.add(next);
      current = next;
      continue;
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      return {
        ok: false,
        url,
        finalUrl: current,
        redirects,
        failure: { kind: 'http', status: res.status, statusText: res.statusText },
      };
    }
    let bytes: Uint8Array | null;
    try {
      bytes = await readCapped(res, opts.maxBytes);
    } catch (e) {
      return {
        ok: false,
        url,
        finalUrl: current,
        redirects,
        failure: { kind: 'network', reason: reasonOf(e, opts.timeoutMs) },
      };
    }
    if (!bytes)
      return {
        ok: false,
        url,
        finalUrl: current,
        redirects,
        failure: { kind: 'network', reason: `the answer is larger than ${formatNumber(opts.maxBytes)} bytes, the cap` },
      };
    return { ok: true, url, finalUrl: current, bytes, redirects, contentType: res.headers.get('content-type') ?? '' };
  }
}

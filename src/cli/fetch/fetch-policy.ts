/*
 * The one way the CLI fetches (and `serve`'s fetch endpoint will): a
 * FetchPolicy says what may be fetched, a Fetcher holds one run of it (its
 * deadline, its byte and sitemap budgets, its per-host slots) and fetches
 * URL after URL under it. Only http and https; every host name is resolved
 * and every address checked before connecting, on every redirect hop, and the
 * connection goes to the addresses checked (http-exchange.ts). A refusal is a
 * failure of kind 'refused', reported as `fetch-refused` with its reason.
 */
import { lookup, type LookupAddress } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { version } from '../../../package.json';
import { formatBytes, formatNumber } from '../../core/text/format';
import { forbiddenAddress } from './address-ranges';
import { decodedBody, exchange, readBody, type PinnedAddresses } from './http-exchange';
import { keyedLimiter, limiter } from './limiter';

/** What may be fetched, and how much: the CLI's fetch options. */
export interface FetchPolicy {
  /** Per request (connecting, the head and the whole body), in ms: `--timeout`. */
  timeoutMs: number;
  /** Further tries after a 429 or 5xx answer or a dropped connection: `--retries`. */
  retries: number;
  /** First back-off in ms, doubled each try; a Retry-After is honoured up to {@link MAX_RETRY_AFTER_MS}: `--retry-delay`. */
  retryDelayMs: number;
  /** Requests under way at once, in all: `--concurrency`. */
  concurrency: number;
  /** Requests under way at once to one host: `--host-concurrency`. */
  hostConcurrency: number;
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
  maxBytes: 256 * 1024 * 1024,
  maxRobotsBytes: 500 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxSitemaps: 50_000,
  deadlineMs: 600_000,
  allowPrivate: false,
  sameHost: false,
  namedHosts: [],
};

/** Redirects followed at most, as Google's sitemap fetcher does. */
export const MAX_REDIRECTS = 5;
/** A server asking for more than this is not waited for. */
export const MAX_RETRY_AFTER_MS = 60_000;

export const USER_AGENT = `sitemap-editor/${version} (sitemap checker; +https://www.npmjs.com/package/sitemap-editor)`;

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
  /** The policy said no: the scheme, the address, --same-host, a cap or the deadline. */
  | { kind: 'refused'; reason: string };

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** What a Fetcher reaches the network with; tests put their own in (a resolver of made-up names, a connection that must not happen). */
export interface FetcherDeps {
  resolve?: Resolver;
  exchange?: typeof exchange;
}

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    lookup(hostname, { all: true, verbatim: true }, (e, addresses) => (e ? reject(e) : resolve(addresses))),
  );

/** What one try came to. */
type Attempt =
  | { kind: 'body'; bytes: Uint8Array; truncated: boolean; contentType: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'status'; status: number; statusText: string; retryAfter: string | null }
  | { kind: 'error'; reason: string; retry: boolean }
  | { kind: 'refused'; reason: string };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** setTimeout's longest delay; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A URL as a message shows it: a data: URL or a hostile one can be megabytes long. */
export function shownUrl(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}

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

function errorReason(e: unknown): string {
  const err = e as { code?: string; message?: string };
  return err.code ? `the connection failed (${err.code})` : (err.message ?? String(e));
}

/**
 * One run of a {@link FetchPolicy}: every fetch of a CLI command (or of one
 * Open URL through `serve`) goes through one Fetcher, which holds the run's
 * deadline, byte budget, sitemap budget and request slots. Call
 * {@link close} when the run is over.
 */
export class Fetcher {
  private readonly named: ReadonlySet<string>;
  private readonly slot: ReturnType<typeof limiter>;
  private readonly hostSlot: ReturnType<typeof keyedLimiter>;
  private readonly deadline = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly deadlineAt: number;
  private used = 0;
  private sitemaps = 0;
  /** Hosts reached that the user did not name, each with the URLs read from it, in order. */
  readonly otherHosts = new Map<string, string[]>();

  private readonly resolve: Resolver;
  private readonly exchange: typeof exchange;

  constructor(
    readonly policy: FetchPolicy,
    deps: FetcherDeps = {},
  ) {
    this.resolve = deps.resolve ?? systemResolver;
    this.exchange = deps.exchange ?? exchange;
    this.named = new Set(policy.namedHosts);
    this.slot = limiter(policy.concurrency);
    this.hostSlot = keyedLimiter(policy.hostConcurrency);
    this.deadlineAt = Date.now() + policy.deadlineMs;
    this.timer = setTimeout(() => this.deadline.abort(), Math.min(policy.deadlineMs, MAX_TIMER_MS));
    // The deadline never keeps a finished run's process alive.
    this.timer.unref();
  }

  /** Ends the run: its deadline timer is cleared. */
  close(): void {
    clearTimeout(this.timer);
  }

  /** Bytes read so far, of {@link FetchPolicy.maxTotalBytes}. */
  get bytesRead(): number {
    return this.used;
  }

  /** True for a host the user named (`URL.host`). */
  isNamed(host: string): boolean {
    return this.named.has(host);
  }

  /** Takes one sitemap of the run's {@link FetchPolicy.maxSitemaps}; false once they are all taken. */
  claimSitemap(): boolean {
    if (this.sitemaps >= this.policy.maxSitemaps) return false;
    this.sitemaps++;
    return true;
  }

  /** Why the run may start nothing more, or null. */
  private late(): string | null {
    return this.deadline.signal.aborted
      ? `the run's deadline (${formatNumber(this.policy.deadlineMs / 1000)} s, --deadline) passed before it was read`
      : null;
  }

  /** The addresses `url` may be fetched at, checked; or why not. */
  private async admit(url: URL): Promise<{ addresses: PinnedAddresses } | { refused: string } | { failed: string }> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { refused: `only http and https URLs are fetched, not ${url.protocol}` };
    const named = this.named.has(url.host);
    if (this.policy.sameHost && !named)
      return { refused: `${url.host} is not a host named on the command line (--same-host)` };
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: LookupAddress[];
    if (isIP(literal)) addresses = [{ address: literal, family: isIP(literal) }];
    else {
      try {
        addresses = await this.resolve(url.hostname);
      } catch (e) {
        return { failed: `the host name ${url.hostname} does not resolve (${(e as { code?: string }).code ?? e})` };
      }
      if (addresses.length === 0) return { failed: `the host name ${url.hostname} has no address` };
    }
    if (!named && !this.policy.allowPrivate) {
      for (const a of addresses) {
        const why = forbiddenAddress(a.address);
        if (why)
          return {
            refused: `${url.hostname}${url.hostname === a.address || url.hostname === `[${a.address}]` ? '' : ` (${a.address})`} is a ${why} address; such addresses are fetched only from a host named on the command line or with --allow-private`,
          };
      }
    }
    if (!named) {
      const urls = this.otherHosts.get(url.host) ?? [];
      urls.push(url.href);
      this.otherHosts.set(url.host, urls);
    }
    return { addresses };
  }

  /** Takes `n` bytes of the run's budget; false when they would pass it. */
  private take(n: number): boolean {
    if (this.used + n > this.policy.maxTotalBytes) return false;
    this.used += n;
    return true;
  }

  /** One request to pinned addresses, within a slot of the run and of the host; the body is read on 200. */
  private attempt(url: URL, addresses: PinnedAddresses, cap: number, truncate: boolean): Promise<Attempt> {
    return this.slot(() =>
      this.hostSlot(url.host, async () => {
        const late = this.late();
        if (late) return { kind: 'refused', reason: late };
        const timeout = AbortSignal.timeout(this.policy.timeoutMs);
        const signal = AbortSignal.any([timeout, this.deadline.signal]);
        const stopped = (e: unknown): Attempt =>
          this.deadline.signal.aborted
            ? {
                kind: 'refused',
                reason: `the run's deadline (${formatNumber(this.policy.deadlineMs / 1000)} s, --deadline) passed while it was read`,
              }
            : timeout.aborted
              ? {
                  kind: 'error',
                  reason: `no answer within ${formatNumber(this.policy.timeoutMs)} ms (timed out)`,
                  retry: false,
                }
              : { kind: 'error', reason: errorReason(e), retry: true };
        let res: IncomingMessage;
        try {
          res = await this.exchange(url, addresses, HEADERS, signal);
        } catch (e) {
          return stopped(e);
        }
        try {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && status !== 304)
            return { kind: 'redirect', status, location: String(res.headers.location ?? '') };
          if (status !== 200)
            return {
              kind: 'status',
              status,
              statusText: res.statusMessage ?? '',
              retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            };
          const declared = Number(res.headers['content-length'] ?? '');
          if (!truncate && !res.headers['content-encoding'] && Number.isFinite(declared) && declared > cap)
            return {
              kind: 'error',
              reason: `the answer is larger than ${formatNumber(cap)} bytes, the cap`,
              retry: false,
            };
          const body = decodedBody(res);
          if (typeof body === 'string') return { kind: 'error', reason: body, retry: false };
          const read = await readBody(body, cap, truncate, (n) => this.take(n));
          if (read.ok)
            return {
              kind: 'body',
              bytes: read.bytes,
              truncated: read.truncated,
              contentType: String(res.headers['content-type'] ?? ''),
            };
          if (read.why === 'answer-cap')
            return {
              kind: 'error',
              reason: `the answer is larger than ${formatNumber(cap)} bytes, the cap`,
              retry: false,
            };
          if (read.why === 'total-cap')
            return {
              kind: 'refused',
              reason: `the run's total of ${formatBytes(this.policy.maxTotalBytes)} (--max-total-mib) was reached while it was read`,
            };
          return stopped(read.error);
        } finally {
          res.destroy();
        }
      }),
    );
  }

  /**
   * Fetches `url`: redirects followed by hand (at most {@link MAX_REDIRECTS},
   * each listed and each checked), 429, 5xx and dropped connections retried
   * with back-off, the body capped at the policy's `maxBytes` or at
   * `opts.maxBytes` (with `truncate`, what comes before that cap is kept).
   * Content-Encoding is undone; a gzipped file (.gz) comes back as it is.
   */
  async fetch(url: string, opts: { maxBytes?: number; truncate?: boolean } = {}): Promise<Fetched> {
    const cap = opts.maxBytes ?? this.policy.maxBytes;
    const redirects: string[] = [];
    let current = url;
    const seen = new Set([url]);
    const fail = (failure: FetchFailure): Fetched => ({ ok: false, url, finalUrl: current, redirects, failure });
    for (;;) {
      let target: URL;
      try {
        target = new URL(current);
      } catch {
        return fail({ kind: 'refused', reason: 'it is not a URL' });
      }
      const late = this.late();
      if (late) return fail({ kind: 'refused', reason: late });
      const admitted = await this.admit(target);
      if ('refused' in admitted) return fail({ kind: 'refused', reason: admitted.refused });
      if ('failed' in admitted) return fail({ kind: 'network', reason: admitted.failed });
      let got: Attempt;
      for (let attempt = 0; ; attempt++) {
        got = await this.attempt(target, admitted.addresses, cap, opts.truncate ?? false);
        const again =
          attempt < this.policy.retries &&
          ((got.kind === 'status' && retryable(got.status)) || (got.kind === 'error' && got.retry));
        if (!again) break;
        const backoff = this.policy.retryDelayMs * 2 ** attempt;
        const wait = got.kind === 'status' ? waitFor(got.retryAfter, backoff) : backoff;
        // Never past the deadline: the next try then says the deadline passed.
        await sleep(Math.max(0, Math.min(wait, this.deadlineAt - Date.now())));
      }
      if (got.kind === 'refused') return fail({ kind: 'refused', reason: got.reason });
      if (got.kind === 'error') return fail({ kind: 'network', reason: got.reason });
      if (got.kind === 'status') return fail({ kind: 'http', status: got.status, statusText: got.statusText });
      if (got.kind === 'body')
        return {
          ok: true,
          url,
          finalUrl: current,
          bytes: got.bytes,
          redirects,
          contentType: got.contentType,
          truncated: got.truncated,
        };
      const next = got.location && URL.canParse(got.location, current) ? new URL(got.location, current).href : '';
      if (!next) return fail({ kind: 'redirect', reason: `${got.status} without a usable Location header` });
      redirects.push(next);
      current = next;
      if (seen.has(next))
        return fail({
          kind: 'redirect',
          reason: `a redirect loop (${redirects.length} redirects back to ${shownUrl(next)})`,
        });
      if (redirects.length > MAX_REDIRECTS)
        return fail({ kind: 'redirect', reason: `more than ${MAX_REDIRECTS} redirects` });
      seen.add(next);
    }
  }
}

const HEADERS = {
  'user-agent': USER_AGENT,
  accept: 'application/xml, text/xml, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br',
};

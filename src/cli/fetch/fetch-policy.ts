/*
 * The one way the CLI fetches (and `serve`'s fetch endpoint): a
 * FetchPolicy says what may be fetched, a Fetcher holds one run of it (its
 * deadline, its byte and sitemap budgets, its per-host slots) and fetches
 * URL after URL under it. Only http and https; every host name is resolved
 * and every address checked before connecting, on every redirect hop, and the
 * connection goes to the addresses checked (http-exchange.ts). A refusal is a
 * failure of kind 'refused', reported as `fetch-refused` with its reason.
 * `serve`'s endpoint runs one Fetcher per Open URL, cancelled when the page
 * cancels; `check --probe` asks it for heads only ({@link Fetcher.head}).
 */
import { lookup, type LookupAddress } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { version } from '../../../package.json';
import { formatBytes, formatNumber } from '../../core/text/format';
import { forbiddenAddress } from './address-ranges';
import type { FetchPolicy } from './policy';
import { decodedBody, exchange, readBody, type PinnedAddresses } from './http-exchange';
import { keyedLimiter, limiter } from './limiter';
import {
  errorReason,
  hostPacer,
  MAX_TIMER_MS,
  sleep,
  tryAgain,
  waitFor,
  type Attempt,
  type AttemptOptions,
  type Headed,
} from './attempt';
export type { Headed } from './attempt';
import { shownUrl, type Fetched, type FetchFailure, type LiveFetcher } from '../../core/live/fetched';

export { DEFAULT_POLICY, type FetchPolicy } from './policy';

/** Redirects followed at most, as Google's sitemap fetcher does. */
export const MAX_REDIRECTS = 5;
export { MAX_RETRY_AFTER_MS } from './attempt';

export const USER_AGENT = `sitemap-editor/${version} (sitemap checker; +https://www.npmjs.com/package/sitemap-editor)`;

export { shownUrl, type Fetched, type FetchFailure } from '../../core/live/fetched';

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

/**
 * One run of a {@link FetchPolicy}: every fetch of a CLI command (or of one
 * Open URL through `serve`) goes through one Fetcher, which holds the run's
 * deadline, byte budget, sitemap budget and request slots. Call
 * {@link close} when the run is over.
 */
export class Fetcher implements LiveFetcher {
  private readonly named: ReadonlySet<string>;
  private readonly slot: ReturnType<typeof limiter>;
  private readonly hostSlot: ReturnType<typeof keyedLimiter>;
  private readonly pace: ReturnType<typeof hostPacer>;
  /** Aborted at the deadline, or by {@link cancel}: nothing starts after it and what is under way is stopped. */
  private readonly stop = new AbortController();
  private cancelled = false;
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
    this.pace = hostPacer(policy.hostRate);
    this.deadlineAt = Date.now() + policy.deadlineMs;
    this.timer = setTimeout(() => this.stop.abort(), Math.min(policy.deadlineMs, MAX_TIMER_MS));
    // The deadline never keeps a finished run's process alive.
    this.timer.unref();
  }

  /** Ends the run: its deadline timer is cleared. */
  close(): void {
    clearTimeout(this.timer);
  }

  /** Stops the run now (the page cancelled its Open URL): nothing more starts, what is under way is stopped. */
  cancel(): void {
    this.cancelled = true;
    this.close();
    this.stop.abort();
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

  /** Why the run stopped, said of a URL `when` ('before it was read', 'while it was read'). */
  private stopped(when: string): string {
    return this.cancelled
      ? `the run was cancelled ${when}`
      : `the run's deadline (${formatNumber(this.policy.deadlineMs / 1000)} s, --deadline) passed ${when}`;
  }

  /** Why the run may start nothing more, or null. */
  private late(): string | null {
    return this.stop.signal.aborted ? this.stopped('before it was read') : null;
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

  /** One request to pinned addresses, within a slot of the run and of the host, at the host's rate; the body is read on 200. */
  private attempt(url: URL, addresses: PinnedAddresses, o: AttemptOptions): Promise<Attempt> {
    const { cap, truncate } = o;
    return this.slot(() =>
      this.hostSlot(url.host, async () => {
        await this.pace(url.host);
        const late = this.late();
        if (late) return { kind: 'refused', reason: late };
        const timeout = AbortSignal.timeout(this.policy.timeoutMs);
        const signal = AbortSignal.any([timeout, this.stop.signal]);
        const stopped = (e: unknown): Attempt =>
          this.stop.signal.aborted
            ? { kind: 'refused', reason: this.stopped('while it was read') }
            : timeout.aborted
              ? {
                  kind: 'error',
                  reason: `no answer within ${formatNumber(this.policy.timeoutMs)} ms (timed out)`,
                  retry: false,
                }
              : { kind: 'error', reason: errorReason(e), retry: true };
        let res: IncomingMessage;
        try {
          res = await this.exchange(url, addresses, HEADERS, signal, o.method);
        } catch (e) {
          return stopped(e);
        }
        try {
          const status = res.statusCode ?? 0;
          const headers = res.headers;
          if (status >= 300 && status < 400 && status !== 304)
            return { kind: 'redirect', status, location: String(headers.location ?? ''), headers };
          if (o.headOnly && status >= 200 && status < 300) return { kind: 'head', status, headers };
          if (status !== 200)
            return {
              kind: 'status',
              status,
              statusText: res.statusMessage ?? '',
              retryAfter: (headers['retry-after'] as string | undefined) ?? null,
              headers,
            };
          const declared = Number(headers['content-length'] ?? '');
          if (!truncate && !headers['content-encoding'] && Number.isFinite(declared) && declared > cap)
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
              contentType: String(headers['content-type'] ?? ''),
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

  /** {@link attempt} again while the answer is worth another try (429, 5xx, a dropped connection), with back-off. */
  private async tries(target: URL, addresses: PinnedAddresses, o: AttemptOptions): Promise<Attempt> {
    for (let attempt = 0; ; attempt++) {
      const got = await this.attempt(target, addresses, o);
      if (attempt >= this.policy.retries || !tryAgain(got)) return got;
      const backoff = this.policy.retryDelayMs * 2 ** attempt;
      const wait = got.kind === 'status' ? waitFor(got.retryAfter, backoff) : backoff;
      // Never past the deadline: the next try then says the deadline passed.
      await sleep(Math.max(0, Math.min(wait, this.deadlineAt - Date.now())));
    }
  }

  /** The URL parsed, on time and admitted by the policy; or the failure that ends it. */
  private async admitted(current: string): Promise<{ target: URL; addresses: PinnedAddresses } | FetchFailure> {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      return { kind: 'refused', reason: 'it is not a URL' };
    }
    const late = this.late();
    if (late) return { kind: 'refused', reason: late };
    const admitted = await this.admit(target);
    if ('refused' in admitted) return { kind: 'refused', reason: admitted.refused };
    if ('failed' in admitted) return { kind: 'network', reason: admitted.failed };
    return { target, addresses: admitted.addresses };
  }

  /**
   * Fetches `url`: redirects followed by hand (at most {@link MAX_REDIRECTS},
   * each listed and each checked), 429, 5xx and dropped connections retried
   * with back-off, the body capped at the policy's `maxBytes` or at
   * `opts.maxBytes` (with `truncate`, what comes before that cap is kept).
   * Content-Encoding is undone; a gzipped file (.gz) comes back as it is.
   */
  async fetch(url: string, opts: { maxBytes?: number; truncate?: boolean } = {}): Promise<Fetched> {
    const o: AttemptOptions = {
      method: 'GET',
      cap: opts.maxBytes ?? this.policy.maxBytes,
      truncate: opts.truncate ?? false,
      headOnly: false,
    };
    const redirects: string[] = [];
    let current = url;
    const seen = new Set([url]);
    const fail = (failure: FetchFailure): Fetched => ({ ok: false, url, finalUrl: current, redirects, failure });
    for (;;) {
      const admitted = await this.admitted(current);
      if ('kind' in admitted) return fail(admitted);
      const got = await this.tries(admitted.target, admitted.addresses, o);
      if (got.kind === 'refused') return fail({ kind: 'refused', reason: got.reason });
      if (got.kind === 'error') return fail({ kind: 'network', reason: got.reason });
      if (got.kind === 'status' || got.kind === 'head')
        return fail({ kind: 'http', status: got.status, statusText: got.kind === 'status' ? got.statusText : '' });
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

  /**
   * Asks for `url`'s head only (HEAD, or GET with its body left unread): its
   * status and headers after retries; a redirect is answered, not followed.
   * Every address checked as {@link fetch} checks them.
   */
  async head(url: string, method: 'HEAD' | 'GET' = 'HEAD'): Promise<Headed> {
    const admitted = await this.admitted(url);
    if ('kind' in admitted) return { ok: false, url, failure: admitted };
    const got = await this.tries(admitted.target, admitted.addresses, {
      method,
      cap: 0,
      truncate: true,
      headOnly: true,
    });
    if (got.kind === 'refused') return { ok: false, url, failure: { kind: 'refused', reason: got.reason } };
    if (got.kind === 'error') return { ok: false, url, failure: { kind: 'network', reason: got.reason } };
    // headOnly: a 200 never reads a body, so 'body' cannot come back.
    if (got.kind === 'body') return { ok: true, url, status: 200, headers: {} };
    return { ok: true, url, status: got.status, headers: got.headers };
  }
}

const HEADERS = {
  'user-agent': USER_AGENT,
  accept: 'application/xml, text/xml, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br',
};

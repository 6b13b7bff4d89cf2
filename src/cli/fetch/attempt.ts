/*
 * One try of a request as the Fetcher sees it, and the waits between tries
 * and between requests to one host (retries, Retry-After, the per-host rate).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FetchFailure } from '../../core/live/fetched';

/** A server asking for more than this is not waited for. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** A request's answer when only its head is read (a probe): its status and headers, after retries; no redirect followed. */
export type Headed =
  | { ok: true; url: string; status: number; headers: IncomingHttpHeaders }
  | { ok: false; url: string; failure: FetchFailure };

/** How a request is made and what of its answer is read. */
export interface AttemptOptions {
  method: 'GET' | 'HEAD';
  /** Cap on the body (read on 200 only), and whether what comes before the cap is kept past it. */
  cap: number;
  truncate: boolean;
  /** Read no body: a 2xx answer ends with its head. */
  headOnly: boolean;
}

/** What one try came to. */
export type Attempt =
  | { kind: 'body'; bytes: Uint8Array; truncated: boolean; contentType: string }
  /** A 2xx answer whose head is all that was asked for (a probe). */
  | { kind: 'head'; status: number; headers: IncomingHttpHeaders }
  | { kind: 'redirect'; status: number; location: string; headers: IncomingHttpHeaders }
  | { kind: 'status'; status: number; statusText: string; retryAfter: string | null; headers: IncomingHttpHeaders }
  | { kind: 'error'; reason: string; retry: boolean }
  | { kind: 'refused'; reason: string };

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** setTimeout's longest delay; a longer one fires at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Whether a try is worth another: a 429 or 5xx, or a connection dropped. */
export function tryAgain(got: Attempt): boolean {
  return (got.kind === 'status' && retryable(got.status)) || (got.kind === 'error' && got.retry);
}

/** The wait a Retry-After header asks for (seconds or an HTTP date), within reason; else the back-off. */
export function waitFor(header: string | null, backoffMs: number): number {
  if (header) {
    const s = Number(header);
    const ms = Number.isFinite(s) ? s * 1000 : Date.parse(header) - Date.now();
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_RETRY_AFTER_MS);
  }
  return backoffMs;
}

export function errorReason(e: unknown): string {
  const err = e as { code?: string; message?: string };
  return err.code ? `the connection failed (${err.code})` : (err.message ?? String(e));
}

/**
 * The per-host rate: at most `perSecond` requests start at one host each
 * second (0: no limit). Called in the host's slot, so its requests start in
 * the order they queued, each at least 1/perSecond s after the one before.
 */
export function hostPacer(perSecond: number): (host: string) => Promise<void> {
  const next = new Map<string, number>();
  const gap = perSecond > 0 ? 1000 / perSecond : 0;
  return async (host) => {
    if (gap === 0) return;
    const now = Date.now();
    const at = Math.max(now, next.get(host) ?? 0);
    next.set(host, at + gap);
    // A run that touched many hosts forgets the ones long past.
    if (next.size > 10_000) for (const [h, t] of next) if (t < now) next.delete(h);
    if (at > now) await sleep(at - now);
  };
}

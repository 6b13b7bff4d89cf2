/*
 * One HTTP exchange over node:http(s), connected to addresses that were
 * checked beforehand: the socket's `lookup` answers with those addresses and
 * nothing else, so no second resolution can send the connection elsewhere
 * (DNS rebinding). TLS still verifies the certificate against the host name.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

/** What a host name resolved to, every address checked. */
export type PinnedAddresses = readonly LookupAddress[];

/** The socket's resolver: answers every question with the pinned addresses. */
function pinnedLookup(addresses: PinnedAddresses): LookupFunction {
  return (_hostname, options, callback) => {
    const first = addresses[0] as LookupAddress;
    if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, [...addresses]);
    else callback(null, first.address, first.family);
  };
}

/** Sends one request (GET unless told) to `url` (already checked) and resolves with the answer's head; the body is left to read. */
export function exchange(
  url: URL,
  addresses: PinnedAddresses,
  headers: Record<string, string>,
  signal: AbortSignal,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: url.protocol,
        // An IPv6 literal without its brackets; a name is kept (TLS checks the certificate against it).
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method,
        headers,
        signal,
        lookup: pinnedLookup(addresses),
        // The address given (an IP literal, or the pinned ones) is the only one tried.
        agent: false,
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** The answer's body with its Content-Encoding undone, or a reason it cannot be read. */
export function decodedBody(res: IncomingMessage): Readable | string {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  if (encoding === '' || encoding === 'identity') return res;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder) return `the answer's Content-Encoding "${encoding}" is not one this command reads`;
  res.on('error', (e) => decoder.destroy(e));
  return res.pipe(decoder);
}

/** How a body read ended: the bytes, or why it stopped. */
export type BodyRead =
  | { ok: true; bytes: Uint8Array; truncated: boolean }
  | { ok: false; why: 'answer-cap' }
  | { ok: false; why: 'total-cap' }
  | { ok: false; why: 'error'; error: unknown };

/**
 * Reads `body` up to `cap` bytes (after decoding): past it, the read stops
 * and fails, or with `truncate` ends with what came before the cap.
 * `take(n)` asks the run's budget for n more bytes; false stops the read.
 */
export async function readBody(
  body: Readable,
  cap: number,
  truncate: boolean,
  take: (n: number) => boolean,
): Promise<BodyRead> {
  const parts: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      let piece: Uint8Array = chunk;
      if (total + piece.length > cap) {
        if (!truncate) return { ok: false, why: 'answer-cap' };
        piece = piece.subarray(0, cap - total);
        truncated = true;
      }
      if (!take(piece.length)) return { ok: false, why: 'total-cap' };
      parts.push(piece);
      total += piece.length;
      if (truncated) break;
    }
  } catch (error) {
    return { ok: false, why: 'error', error };
  } finally {
    body.destroy();
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { ok: true, bytes, truncated };
}

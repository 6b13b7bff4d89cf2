/*
 * Who `serve` answers. It listens on 127.0.0.1 only, and answers only
 * requests addressed to it by that name and port (the Host header), so a
 * site whose name an attacker points at 127.0.0.1 (DNS rebinding) reads
 * nothing, not even the page that holds the token. The fetch endpoint
 * further wants the page's own origin (Origin, Sec-Fetch-Site) and this
 * start's token, so no other page (another site, another local server)
 * can make it fetch.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SERVE_TOKEN_HEADER } from '../../core/live/serve-protocol';

export interface ServeIdentity {
  /** `127.0.0.1:PORT`, the Host every request must name. */
  host: string;
  /** `http://127.0.0.1:PORT`, the Origin the endpoint's requests must come from. */
  origin: string;
  /** This start's token (random, 256 bits), in the page and on every endpoint request. */
  token: string;
}

/** Why a request may not be answered at all, or null. */
export function wrongHost(req: IncomingMessage, id: ServeIdentity): string | null {
  const host = req.headers.host ?? '';
  return host === id.host ? null : `this server answers requests to ${id.host} only, not to "${host}"`;
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Why an endpoint request is refused (with its HTTP status), or null when it comes from the page this start served. */
export function refusedCall(req: IncomingMessage, id: ServeIdentity): { status: number; why: string } | null {
  const host = wrongHost(req, id);
  if (host) return { status: 421, why: host };
  if (req.method !== 'POST') return { status: 405, why: 'the endpoint takes POST only' };
  const origin = req.headers.origin;
  if (origin !== id.origin)
    return {
      status: 403,
      why: `requests come from ${id.origin} only, not from ${origin ?? 'a request without Origin'}`,
    };
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin')
    return { status: 403, why: `a ${site} request is not the page's own` };
  const token = req.headers[SERVE_TOKEN_HEADER];
  if (typeof token !== 'string' || !sameToken(token, id.token))
    return {
      status: 403,
      why: 'the token is missing or not this start’s: reload the page from the address sitemap-editor serve printed',
    };
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
    return { status: 415, why: 'the request is not JSON' };
  return null;
}

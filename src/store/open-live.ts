/*
 * Open URL's one way to fetch: through `sitemap-editor serve` when it served
 * the page (its token is in the page), else by the browser itself
 * (direct-fetch.ts). Open URL and Refresh from the site both ask here.
 */
import type { LiveProgress } from '../core/live/live-tree';
import type { OpenedFrom } from '../core/live/opened-from';
import { openDirect } from './direct-fetch';
import { openThroughServe, serveToken, type Opened } from './serve-client';

/** Fetches `url` and what it leads to; says who fetched it. */
export async function fetchLive(
  url: string,
  signal: AbortSignal | undefined,
  onProgress: (p: LiveProgress) => void,
): Promise<Opened & { via: OpenedFrom['via'] }> {
  const token = serveToken();
  if (token !== null) return { ...(await openThroughServe(url, token, signal, onProgress)), via: 'serve' };
  return { ...(await openDirect(url, signal, onProgress)), via: 'direct' };
}

/*
 * The page's side of `sitemap-editor serve`: Open URL asks the endpoint of
 * the server that served the page (its token in a meta tag), which walks
 * the URL as `check URL` does and streams the walk's progress, its files
 * and its notes (serve-protocol.ts). A page not served by it has no token.
 */
import type { LiveNotes } from '../core/live/apply-live';
import type { LiveProgress } from '../core/live/live-tree';
import {
  FrameReader,
  SERVE_META,
  SERVE_OPEN_PATH,
  SERVE_TOKEN_HEADER,
  type ServeRefusal,
} from '../core/live/serve-protocol';

/** This start's token, or null when the page was not served by `sitemap-editor serve`. */
export function serveToken(doc: Pick<Document, 'querySelector'> = document): string | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${SERVE_META}"]`)?.content ?? '';
  return content === '' ? null : content;
}

/** A walk's files, as the import reads dropped files, and its notes. */
export interface Opened {
  files: File[];
  notes: LiveNotes;
}

/** Opens `url` through the endpoint; rejects with a sentence when it refuses, fails, or reads nothing. */
export async function openThroughServe(
  url: string,
  token: string,
  signal: AbortSignal | undefined,
  onProgress: (p: LiveProgress) => void,
): Promise<Opened> {
  const res = await fetch(SERVE_OPEN_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SERVE_TOKEN_HEADER]: token },
    body: JSON.stringify({ url }),
    signal,
  });
  if (!res.ok || !res.body) {
    let why = `it answered ${res.status}`;
    try {
      why = ((await res.json()) as ServeRefusal).refused;
    } catch {
      // Not the endpoint's refusal: its status says enough.
    }
    throw new Error(`sitemap-editor serve did not open ${url}: ${why}`);
  }
  const frames = new FrameReader();
  const files: File[] = [];
  let notes: LiveNotes | null = null;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const f of frames.push(value)) {
      if (f.type === 'progress') onProgress(f);
      else if (f.type === 'file') files.push(new File([f.data as Uint8Array<ArrayBuffer>], f.name));
      else if (f.type === 'end') notes = { problems: f.problems, finalUrl: f.finalUrl, failed: f.failed };
      else throw new Error(`Could not open ${url}: ${f.message}`);
    }
  }
  if (notes === null || !frames.clean) throw new Error(`The answer of sitemap-editor serve for ${url} was cut short`);
  if (files.length === 0)
    throw new Error(`Nothing could be read from ${url}: ${notes.problems[0]?.message ?? 'it holds no sitemap'}`);
  return { files, notes };
}

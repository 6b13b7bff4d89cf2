/*
 * Where a set opened from live URLs came from: saved with the document, so
 * that a reload still says it and Refresh from the site can ask again.
 */
import type { LiveNotes } from './apply-live';

export interface OpenedFrom {
  /** The URL the user opened: a sitemap, an index or a robots.txt. */
  url: string;
  /** Who fetched it: `sitemap-editor serve`, or the browser itself (a site that allows it: CORS). */
  via: 'serve' | 'direct';
  /** Every URL the walk asked for (the one opened, then its sitemaps and an index's children), each once. */
  fetched: string[];
  /** When it was opened, in ms since the epoch. */
  at: number;
}

/** What opening `url` fetched, read from the walk's notes. */
export function openedFrom(url: string, via: OpenedFrom['via'], notes: LiveNotes, at: number): OpenedFrom {
  const fetched = new Set([url]);
  for (const [asked] of notes.finalUrl) fetched.add(asked);
  for (const asked of notes.failed) fetched.add(asked);
  return { url, via, fetched: [...fetched], at };
}

/** The sources of a set after an import: an append adds to them, a fresh import replaces them (none for files). */
export function sourcesAfter(
  held: readonly OpenedFrom[],
  source: OpenedFrom | undefined,
  append: boolean,
): OpenedFrom[] {
  const kept = append ? [...held] : [];
  if (source) kept.push(source);
  return kept;
}

function isOpenedFrom(v: unknown): v is OpenedFrom {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.url === 'string' &&
    /^https?:\/\//i.test(o.url) &&
    (o.via === 'serve' || o.via === 'direct') &&
    Array.isArray(o.fetched) &&
    o.fetched.every((u) => typeof u === 'string') &&
    typeof o.at === 'number'
  );
}

/** The sources a saved document holds; what does not hold together is left out (older saves have none). */
export function readOpenedFrom(saved: unknown): OpenedFrom[] {
  return Array.isArray(saved) ? saved.filter(isOpenedFrom) : [];
}

/*
 * IndexNow (indexnow.org): a site tells the search engines that take part
 * (Bing, Yandex, Seznam, Naver…) which of its URLs were added or changed, by
 * POSTing `{ host, key, keyLocation?, urlList }` as JSON. The protocol's
 * rules this file keeps: one host per request, at most 10,000 URLs a
 * request, a key of 8 to 128 characters of a-z, A-Z, 0-9 and "-", and a key
 * file (at keyLocation, else https://host/KEY.txt) on that host, covering
 * only the URLs under its own folder. Building the payloads needs no network:
 * the CLI posts them, the page offers them to copy.
 */
import type { RowsDiff } from '../compare/diff-rows';
import type { UrlRows } from '../rows/rows';

export const INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';
/** URLs a request may hold at most. */
export const INDEXNOW_MAX_URLS = 10_000;

/** One request body. */
export interface IndexNowPayload {
  host: string;
  key: string;
  keyLocation?: string;
  urlList: string[];
}

export interface IndexNowOptions {
  key: string;
  /** The host every URL must be on; by default the one host of the URLs. */
  host?: string;
  /** Where the key file is, when not at https://host/KEY.txt. */
  keyLocation?: string;
}

/** A URL left out of the payloads, and why. */
export interface RefusedUrl {
  url: string;
  why: string;
}

export interface IndexNowPlan {
  host: string;
  batches: IndexNowPayload[];
  /** URLs in the batches. */
  urls: number;
  refused: RefusedUrl[];
}

/** A request that cannot be built as asked (a bad key, no host to choose): the caller's input, not a URL's. */
export class IndexNowInputError extends Error {}

/** Why a key is not one IndexNow accepts, or '' when it is. */
export function indexNowKeyDefect(key: string): string {
  if (key.length < 8 || key.length > 128) return `an IndexNow key has 8 to 128 characters; this one has ${key.length}`;
  const bad = /[^a-zA-Z0-9-]/.exec(key);
  return bad ? `an IndexNow key holds only a-z, A-Z, 0-9 and "-"; this one has "${bad[0]}"` : '';
}

const HTTP_URL = /^(https?):\/\/(?:[^@/?#\s]*@)?([^/?#\s]+)([^\s]*)$/i;

/** The host of an absolute http(s) URL, in lower case (with its port when it has one); null for anything else. */
function hostOf(url: string): string | null {
  const m = HTTP_URL.exec(url);
  return m ? (m[2] as string).toLowerCase() : null;
}

/**
 * The URLs an IndexNow notice of a comparison names: the added and the
 * changed ones, in row order, each once (the diff counts a repeated URL
 * once), never the unchanged or removed ones.
 */
export function urlsToNotify(after: UrlRows, diff: RowsDiff): string[] {
  const { added, changed } = diff;
  const out: string[] = [];
  let a = 0;
  let c = 0;
  while (a < added.length || c < changed.length) {
    const takeAdded = c >= changed.length || (a < added.length && (added[a] as number) < (changed[c] as number));
    const p = takeAdded ? (added[a++] as number) : (changed[c++] as number);
    out.push(after.loc.get(p).trim());
  }
  return out;
}

/** Hosts of the URLs with their counts, most first: what a user picks a host from. */
export function hostsOf(urls: readonly string[]): { host: string; urls: number }[] {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const host = hostOf(url);
    if (host !== null) counts.set(host, (counts.get(host) ?? 0) + 1);
  }
  return [...counts]
    .map(([host, n]) => ({ host, urls: n }))
    .sort((a, b) => b.urls - a.urls || (a.host < b.host ? -1 : 1));
}

/**
 * The request bodies that notify `urls`, in batches of at most 10,000.
 * URLs that are not absolute http(s) URLs, are on another host or outside
 * the key file's folder are refused and listed. Throws an
 * {@link IndexNowInputError} for a bad key, host or key location, or when
 * the URLs are on several hosts and none was given.
 */
export function planIndexNow(urls: readonly string[], opts: IndexNowOptions): IndexNowPlan {
  const keyWhy = indexNowKeyDefect(opts.key);
  if (keyWhy) throw new IndexNowInputError(`The key is not valid: ${keyWhy}.`);
  const host = chooseHost(urls, opts.host);
  const folder = keyFolder(opts.keyLocation, host);
  const refused: RefusedUrl[] = [];
  const batches: IndexNowPayload[] = [];
  const seen = new Set<string>();
  let batch: string[] = [];
  for (const url of urls) {
    if (seen.has(url)) continue;
    seen.add(url);
    const h = hostOf(url);
    if (h === null) refused.push({ url, why: 'not an absolute http(s) URL' });
    else if (h !== host) refused.push({ url, why: `on ${h}, not ${host}: IndexNow takes one host per request` });
    else if (folder !== null && !pathOf(url).startsWith(folder))
      refused.push({ url, why: `outside ${folder}, the folder of the key file, which covers only the URLs under it` });
    else {
      batch.push(url);
      if (batch.length === INDEXNOW_MAX_URLS) {
        batches.push(payload(host, opts, batch));
        batch = [];
      }
    }
  }
  if (batch.length > 0) batches.push(payload(host, opts, batch));
  return { host, batches, urls: seen.size - refused.length, refused };
}

function payload(host: string, opts: IndexNowOptions, urlList: string[]): IndexNowPayload {
  return opts.keyLocation
    ? { host, key: opts.key, keyLocation: opts.keyLocation, urlList }
    : { host, key: opts.key, urlList };
}

function chooseHost(urls: readonly string[], given: string | undefined): string {
  if (given !== undefined) {
    const host = given.trim().toLowerCase();
    if (!/^[^/?#@\s:]+(?::\d+)?$/.test(host))
      throw new IndexNowInputError(`The host must be a host name such as www.example.com, not "${given}".`);
    return host;
  }
  const hosts = hostsOf(urls);
  if (hosts.length === 1) return (hosts[0] as { host: string }).host;
  if (hosts.length === 0) return '';
  const listed = hosts.slice(0, 5).map((h) => `${h.host} (${h.urls})`);
  throw new IndexNowInputError(
    `The URLs are on ${hosts.length} hosts (${listed.join(', ')}${hosts.length > 5 ? ', …' : ''}); IndexNow takes one host per request: choose one.`,
  );
}

/** The path and query of an absolute http(s) URL ("/" when it has none). */
function pathOf(url: string): string {
  const rest = /^https?:\/\/[^/?#]+(.*)$/i.exec(url)?.[1] ?? '';
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The folder a key file covers (its path up to the last "/"), or null without a key location. */
function keyFolder(keyLocation: string | undefined, host: string): string | null {
  if (keyLocation === undefined) return null;
  const h = hostOf(keyLocation);
  if (h === null)
    throw new IndexNowInputError(`The key location must be an absolute http(s) URL, not "${keyLocation}".`);
  if (host !== '' && h !== host)
    throw new IndexNowInputError(`The key location is on ${h}; it must be on ${host}, the host of the URLs.`);
  const path = pathOf(keyLocation).replace(/[?#].*$/, '');
  return path.slice(0, path.lastIndexOf('/') + 1);
}

/*
 * The service worker: after the first visit the editor opens without a
 * network (SPEC §7), e.g. on a train. Every file of the build is cached at
 * install and served from the cache first; nothing else is ever cached, and
 * requests to other hosts are not touched (the app makes none).
 *
 * Built by precache-plugin.ts into `sw.js`, a classic script (module service
 * workers are still missing from some browsers), with PRECACHE filled in. A
 * new build changes PRECACHE and so the script's bytes, which is what makes
 * browsers install the new version. It does not skip waiting: a tab still
 * open on the old version keeps its cache (the old hashed files it may still
 * load) until every such tab is closed.
 */
declare const self: ServiceWorkerGlobalScope;

/** Written in at build time: a hash of every precached file, and their paths relative to the scope. */
declare const PRECACHE: { version: string; files: string[] };

const CACHE_PREFIX = 'sitemap-editor-';
const CACHE = `${CACHE_PREFIX}${PRECACHE.version}`;
const SCOPE = new URL(self.registration.scope);
const PAGE = new URL('index.html', SCOPE);
const FILES = PRECACHE.files.map((file) => new URL(file, SCOPE).href);

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  // The app is one page: opening it, with or without a query, is index.html.
  const isPage = request.mode === 'navigate' && (url.pathname === SCOPE.pathname || url.pathname === PAGE.pathname);
  event.respondWith(cacheFirst(isPage ? PAGE.href : request, request));
});

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  // 'reload' skips the HTTP cache, where an older index.html could sit beside the new files.
  await cache.addAll(FILES.map((url) => new Request(url, { cache: 'reload' })));
}

async function activate(): Promise<void> {
  for (const key of await caches.keys()) {
    if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
  }
  // The first visit's page is controlled at once, so it works offline without a reload.
  await self.clients.claim();
}

async function cacheFirst(key: Request | string, request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  // Servers answer with `Vary: Origin` or `Accept-Encoding`; a page's request
  // carries headers the precache request did not, yet the file is the same.
  const hit = await cache.match(key, { ignoreVary: true });
  return hit ?? fetch(request);
}

export {};

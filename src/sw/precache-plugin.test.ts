import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { precacheManifest, serviceWorkerScript, type PrecacheManifest } from './precache-plugin';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('precacheManifest', () => {
  const files = [
    { name: 'index.html', content: '<!doctype html>' },
    { name: 'assets/index-abc.js', content: 'console.log(1)' },
    { name: 'assets/index-abc.js.map', content: '{}' },
    { name: 'assets/sitemap.worker-def.js', content: new Uint8Array([1, 2, 3]) },
    { name: 'sw.js', content: 'old' },
    { name: '.vite/manifest.json', content: '{}' },
    { name: 'icons/icon-192.png', content: new Uint8Array([137, 80]) },
  ];

  it('lists every built file but source maps, build metadata and the service worker, sorted', () => {
    expect(precacheManifest(files).files).toEqual([
      'assets/index-abc.js',
      'assets/sitemap.worker-def.js',
      'icons/icon-192.png',
      'index.html',
    ]);
  });

  it('has a version that changes with any byte of a precached file, and only then', () => {
    const { version } = precacheManifest(files);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(precacheManifest([...files].reverse()).version).toBe(version);
    const edited = files.map((f) => (f.name === 'index.html' ? { ...f, content: '<!doctype html> ' } : f));
    expect(precacheManifest(edited).version).not.toBe(version);
    const mapEdited = files.map((f) => (f.name.endsWith('.map') ? { ...f, content: '{"x":1}' } : f));
    expect(precacheManifest(mapEdited).version).toBe(version);
  });
});

describe('serviceWorkerScript', () => {
  const manifest: PrecacheManifest = { version: '0123456789abcdef', files: ['index.html'] };

  it('puts the list before the code and drops the module marker', () => {
    expect(serviceWorkerScript('const a = PRECACHE.files;\nexport {};\n', manifest)).toBe(
      'const PRECACHE = {"version":"0123456789abcdef","files":["index.html"]};\nconst a = PRECACHE.files;\n\n',
    );
  });

  it('refuses a source that imports or exports (a classic script cannot)', () => {
    expect(() => serviceWorkerScript('import { x } from "./x";\n', manifest)).toThrow(
      'service worker: the source may not import or export',
    );
    expect(() => serviceWorkerScript('export const y = 1;\n', manifest)).toThrow(
      'service worker: the source may not import or export',
    );
  });
});

/*
 * The real service worker, compiled as the plugin compiles it and run
 * against a fake ServiceWorkerGlobalScope: what it caches, what it deletes,
 * what it answers from the cache.
 */
describe('the service worker', () => {
  type Handler = (event: FakeEvent) => void;
  interface FakeEvent {
    request?: Request;
    waitUntil: (p: Promise<unknown>) => void;
    respondWith: (p: Promise<Response>) => void;
  }

  async function load(stored: Record<string, Record<string, string>> = {}) {
    const source = readFileSync(path.join(here, 'service-worker.ts'), 'utf8');
    const { code } = await transformWithOxc(source, 'service-worker.ts', { lang: 'ts', target: 'es2022' });
    const script = serviceWorkerScript(code, { version: 'v2', files: ['index.html', 'assets/app-1.js'] });
    const handlers = new Map<string, Handler>();
    const caches = new Map<string, Map<string, string>>(
      Object.entries(stored).map(([k, v]) => [k, new Map(Object.entries(v))]),
    );
    const log = { added: [] as { url: string; cache: string }[], fetched: [] as string[], claimed: 0 };
    const cacheOf = (name: string) => {
      if (!caches.has(name)) caches.set(name, new Map());
      const entries = caches.get(name)!;
      return {
        addAll: async (requests: Request[]) => {
          for (const r of requests) {
            log.added.push({ url: r.url, cache: r.cache });
            entries.set(r.url, `network:${r.url}`);
          }
        },
        match: async (key: Request | string) => {
          const body = entries.get(typeof key === 'string' ? key : key.url);
          return body === undefined ? undefined : new Response(body);
        },
      };
    };
    const fakeCaches = {
      open: async (name: string) => cacheOf(name),
      keys: async () => [...caches.keys()],
      delete: async (name: string) => caches.delete(name),
    };
    const self = {
      registration: { scope: 'https://app.example/' },
      clients: { claim: async () => void log.claimed++ },
      addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    };
    const fetch = async (request: Request) => {
      log.fetched.push(request.url);
      return new Response(`network:${request.url}`);
    };
    new Function('self', 'caches', 'fetch', script)(self, fakeCaches, fetch);

    async function dispatch(type: string, request?: Request): Promise<Response | 'not handled'> {
      let waited: Promise<unknown> = Promise.resolve();
      let answer: Promise<Response> | null = null;
      handlers.get(type)!({ request, waitUntil: (p) => void (waited = p), respondWith: (p) => void (answer = p) });
      await waited;
      return answer ?? 'not handled';
    }
    return { dispatch, caches, log };
  }

  /** A request as the browser makes it; `mode` cannot be set to 'navigate' through the constructor. */
  function request(url: string, init: { method?: string; navigate?: boolean } = {}): Request {
    const r = new Request(url, { method: init.method ?? 'GET' });
    if (init.navigate) Object.defineProperty(r, 'mode', { value: 'navigate' });
    return r;
  }

  it('precaches every listed file at install, past the HTTP cache', async () => {
    const sw = await load();
    await sw.dispatch('install');
    expect(sw.log.added).toEqual([
      { url: 'https://app.example/index.html', cache: 'reload' },
      { url: 'https://app.example/assets/app-1.js', cache: 'reload' },
    ]);
    expect([...sw.caches.keys()]).toEqual(['sitemap-editor-v2']);
  });

  it("deletes its older caches (and no one else's) on activate, and controls open pages at once", async () => {
    const sw = await load({ 'sitemap-editor-v1': {}, 'sitemap-editor-v2': {}, 'other-app': {} });
    await sw.dispatch('activate');
    expect([...sw.caches.keys()]).toEqual(['sitemap-editor-v2', 'other-app']);
    expect(sw.log.claimed).toBe(1);
  });

  it('answers from the cache first: the page for any visit to the app, files by URL, the network for the rest', async () => {
    const sw = await load({
      'sitemap-editor-v2': {
        'https://app.example/index.html': 'cached page',
        'https://app.example/assets/app-1.js': 'cached js',
      },
    });
    const text = async (r: Response | 'not handled') => (r === 'not handled' ? r : r.text());
    expect(await text(await sw.dispatch('fetch', request('https://app.example/', { navigate: true })))).toBe(
      'cached page',
    );
    expect(await text(await sw.dispatch('fetch', request('https://app.example/?from=pwa', { navigate: true })))).toBe(
      'cached page',
    );
    expect(await text(await sw.dispatch('fetch', request('https://app.example/index.html', { navigate: true })))).toBe(
      'cached page',
    );
    expect(await text(await sw.dispatch('fetch', request('https://app.example/assets/app-1.js')))).toBe('cached js');
    expect(sw.log.fetched).toEqual([]);

    expect(
      await text(await sw.dispatch('fetch', request('https://app.example/manifest.webmanifest', { navigate: true }))),
    ).toBe('network:https://app.example/manifest.webmanifest');
    expect(await text(await sw.dispatch('fetch', request('https://app.example/assets/app-0.js')))).toBe(
      'network:https://app.example/assets/app-0.js',
    );
    expect(await sw.dispatch('fetch', request('https://app.example/save', { method: 'POST' }))).toBe('not handled');
    expect(await sw.dispatch('fetch', request('https://elsewhere.example/assets/app-1.js'))).toBe('not handled');
    expect(sw.log.fetched).toEqual(['https://app.example/manifest.webmanifest', 'https://app.example/assets/app-0.js']);
  });
});

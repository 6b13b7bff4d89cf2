/** A small live site on 127.0.0.1 (an ephemeral port) for the CLI's tests of live sources. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface TestSite {
  origin: string;
  /** The User-Agent of every request, in order. */
  agents: string[];
  /** Requests per path. */
  hits: Map<string, number>;
  /** The most requests under way at once. */
  maxInFlight: number;
  /** Which version of the site it serves: 2 changes /blog/sitemap-plain.xml (drops /shop/item, adds /blog/new-post). */
  edition: 1 | 2;
  close(): Promise<void>;
}

const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((l) => `  <url><loc>${l}</loc></url>\n`).join('')}</urlset>\n`;

const index = (origin: string, paths: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map((n) => `  <sitemap><loc>${origin}/${n}</loc></sitemap>\n`).join('')}</sitemapindex>\n`;

/** The index's children that answer at once: gzipped, plain, redirected, missing. */
const QUICK_CHILDREN = ['sitemap-gz.xml.gz', 'blog/sitemap-plain.xml', 'old-sitemap.xml', 'sitemap-missing.xml'];

/** How long the slow sitemap takes to answer: past any timeout the tests set. */
const SLOW_MS = 6_000;

/**
 * robots.txt (blocks /private/, lists the index) → sitemap-index.xml → a
 * gzipped child, a plain child in /blog/ (one URL outside it), a redirect to
 * a third, a 404, an HTML page, a slow one and one that answers 429 (with
 * Retry-After: 1) before it answers. With `cors`, every answer lets any page read it.
 */
export async function startTestSite(opts: { cors?: boolean } = {}): Promise<TestSite> {
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  const site: TestSite = {
    origin: '',
    agents: [],
    hits: new Map(),
    maxInFlight: 0,
    edition: 1,
    close: async () => {},
  };
  const routes = (o: string): Record<string, (res: ServerResponse) => void> => {
    const send =
      (type: string, body: string | Buffer, status = 200, headers: Record<string, string> = {}) =>
      (res: ServerResponse) => {
        res.writeHead(status, { 'content-type': type, ...headers });
        res.end(body);
      };
    return {
      '/robots.txt': send('text/plain', `User-agent: *\nDisallow: /private/\n\nSitemap: ${o}/sitemap-index.xml\n`),
      '/sitemap-index.xml': send(
        'application/xml',
        index(o, [...QUICK_CHILDREN, 'sitemap-html.xml', 'sitemap-slow.xml', 'sitemap-busy.xml']),
      ),
      '/sitemap-gz.xml.gz': send('application/gzip', gzipSync(urlset([`${o}/`, `${o}/a`, `${o}/private/secret`]))),
      '/blog/sitemap-plain.xml': send(
        'application/xml',
        urlset([`${o}/blog/`, `${o}/blog/post`, site.edition === 1 ? `${o}/shop/item` : `${o}/blog/new-post`]),
      ),
      // Only the children a page can read without waiting.
      '/live-index.xml': send('application/xml', index(o, QUICK_CHILDREN)),
      '/old-sitemap.xml': send('text/html', 'moved', 301, { location: '/sitemap-third.xml' }),
      '/sitemap-third.xml': send('application/xml', urlset([`${o}/c`, `${o}/d`])),
      '/extra-sitemap.xml': send('application/xml', urlset([`${o}/extra`])),
      // A sitemap at a URL without an extension: its directory is the site's root.
      '/sitemap': send('application/xml', urlset([`${o}/`, `${o}/shop/item`])),
      // Two children of the same file name in two folders.
      '/two-index.xml': send(
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <sitemap><loc>${o}/a/sitemap.xml</loc></sitemap>\n  <sitemap><loc>${o}/b/sitemap.xml</loc></sitemap>\n</sitemapindex>\n`,
      ),
      '/a/sitemap.xml': send('application/xml', urlset([`${o}/a/x`])),
      '/b/sitemap.xml': send('application/xml', urlset([`${o}/b/y`])),
      '/sitemap-html.xml': send(
        'text/html',
        '<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>Sorry</body></html>\n',
      ),
      '/sitemap-busy.xml': (res) => {
        const n = site.hits.get('/sitemap-busy.xml') ?? 0;
        // Every other request is refused, so each fresh run meets one 429.
        if (n % 2 === 1) send('text/plain', 'slow down', 429, { 'retry-after': '1' })(res);
        else send('application/xml', urlset([`${o}/e`]))(res);
      },
    };
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    site.agents.push(String(req.headers['user-agent'] ?? ''));
    site.hits.set(path, (site.hits.get(path) ?? 0) + 1);
    inFlight++;
    site.maxInFlight = Math.max(site.maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    // A site that lets any page read it, as a page's own fetch() needs.
    if (opts.cors) res.setHeader('access-control-allow-origin', '*');
    if (path === '/sitemap-slow.xml') {
      const t = setTimeout(() => routes(site.origin)['/sitemap-third.xml']?.(res), SLOW_MS);
      timers.add(t);
      return;
    }
    const route = routes(site.origin)[path];
    if (route) route(res);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

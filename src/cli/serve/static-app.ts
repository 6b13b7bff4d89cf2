/*
 * The built app as `serve` sends it: its files, each with the security
 * headers the build wrote for it (`_headers`), the page with this start's
 * token in a meta tag. Only files inside the app's folder, never through a
 * link; no service worker (the page is the local server's: offline means
 * nothing here, and a cached page would hold an old token).
 */
import { lstatSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { SERVE_META } from '../../core/live/serve-protocol';
import { headersFor, parseHeadersFile } from './headers-file';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
};

/** Paths never served: the service worker, and the files written for other servers. */
const NOT_SERVED = new Set(['/sw.js', '/_headers', '/security-headers.nginx.conf', '/security-headers.apache.conf']);

export interface StaticApp {
  /** Answers a GET or HEAD of the app; false when the path is none of its files (the caller answers 404). */
  serve(req: IncomingMessage, res: ServerResponse, path: string): boolean;
  /** The headers of a path that is no file (404s, the endpoint's answers). */
  headers(path: string): Record<string, string>;
}

/** The app in `dir` (a build: index.html and _headers), its page carrying `token`. */
export function staticApp(dir: string, token: string): StaticApp {
  const root = normalize(dir);
  const read = (name: string) => {
    try {
      return readFileSync(join(root, name));
    } catch {
      throw new Error(
        `${root} holds no built app (${name} is missing): build it with "npm run build", or name it with --app DIR`,
      );
    }
  };
  const rules = parseHeadersFile(read('_headers').toString('utf8'));
  const html = read('index.html').toString('utf8');
  if (!html.includes('<head>')) throw new Error(`${join(root, 'index.html')} has no <head> to put the token in`);
  // The token is base64url: nothing in it needs escaping in an attribute.
  const page = Buffer.from(html.replace('<head>', `<head>\n    <meta name="${SERVE_META}" content="${token}" />`));

  /** The file a path names inside the app's folder, or null (outside it, a link, a folder, missing). */
  const fileOf = (path: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.split('/').some((s) => s === '..')) return null;
    const file = normalize(join(root, decoded));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
    try {
      return lstatSync(file).isFile() ? file : null;
    } catch {
      return null;
    }
  };

  return {
    headers: (path) => headersFor(rules, path),
    serve(req, res, path) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const isPage = path === '/' || path === '/index.html';
      if (!isPage && NOT_SERVED.has(path)) return false;
      const file = isPage ? null : fileOf(path);
      if (!isPage && file === null) return false;
      const body = isPage ? page : readFileSync(file as string);
      res.writeHead(200, {
        ...headersFor(rules, path),
        'content-type':
          TYPES[extname(isPage ? 'index.html' : (file as string)).toLowerCase()] ?? 'application/octet-stream',
        'content-length': String(body.length),
        // The page holds this start's token: never kept.
        'cache-control': isPage ? 'no-store' : 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}

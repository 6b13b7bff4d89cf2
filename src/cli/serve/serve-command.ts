/*
 * `sitemap-editor serve`: the built app on http://127.0.0.1:PORT/ with a
 * fetch endpoint on the same origin, so the page can open live URLs that
 * browsers would not let it read (CORS). See guard.ts for whom it answers,
 * open-endpoint.ts for what it fetches.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVE_OPEN_PATH } from '../../core/live/serve-protocol';
import { UsageError, parseArgs, stringOption } from '../args';
import type { FetchPolicy } from '../fetch/policy';
import { defaultAppDir } from './app-dir';
import { refusedCall, wrongHost, type ServeIdentity } from './guard';
import { openEndpoint, type OpenEndpoint } from './open-endpoint';
import { staticApp } from './static-app';

export const SERVE_USAGE = 'serve [--port N] [--open] [--allow-private] [--app DIR] [fetch options]';

export interface Serving {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  token: string;
  endpoint: OpenEndpoint;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 (port 0: a free one). */
export async function startServe(opts: { appDir: string; port: number; policy: FetchPolicy }): Promise<Serving> {
  const token = randomBytes(32).toString('base64url');
  const id: ServeIdentity = { host: '', origin: '', token };
  const app = staticApp(opts.appDir, token);
  const endpoint = openEndpoint(opts.policy);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    const headers = app.headers(path);
    const plain = (status: number, text: string) => {
      res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(text);
    };
    if (path === SERVE_OPEN_PATH) {
      const refused = refusedCall(req, id);
      if (refused) {
        res.writeHead(refused.status, { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ refused: refused.why }));
        return;
      }
      void endpoint.handle(req, res, headers);
      return;
    }
    const host = wrongHost(req, id);
    if (host) return plain(421, `Not answered: ${host}.\n`);
    if (!app.serve(req, res, path)) plain(404, 'Not found.\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  id.host = `127.0.0.1:${port}`;
  id.origin = `http://127.0.0.1:${port}`;
  return {
    url: `${id.origin}/`,
    token,
    endpoint,
    close: () =>
      new Promise<void>((resolve) => {
        endpoint.cancelAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts the default browser at `url` (its failure is said, not fatal). */
function openBrowser(url: string, err: (line: string) => void): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => err(`could not start a browser (${cmd}): open ${url} yourself`));
    child.unref();
  } catch {
    err(`could not start a browser (${cmd}): open ${url} yourself`);
  }
}

/**
 * `serve`: runs until interrupted (Ctrl+C), then exits 0. The fetch options
 * (--timeout, --allow-private…) were taken out of `args` by the caller and
 * are `policy`.
 */
export async function runServe(
  args: readonly string[],
  out: (line: string) => void,
  policy: FetchPolicy,
): Promise<number> {
  const parsed = parseArgs(args, ['port', 'app'], ['open']);
  if (parsed.positional.length > 0) throw new UsageError(`serve takes no files, not "${parsed.positional[0]}"`);
  const rawPort = stringOption(parsed, 'port') ?? '0';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port needs a port number (0 to 65535; 0 or none: a free one), not "${rawPort}"`);
  const appDir = stringOption(parsed, 'app') ?? defaultAppDir();
  let serving: Serving;
  try {
    serving = await startServe({ appDir, port, policy });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} is taken: choose another with --port`, false);
    throw new UsageError((e as Error).message, false);
  }
  out(`Sitemap Editor: ${serving.url}`);
  out(
    `Open it in your browser; "Open URL" there fetches through this server (http and https only; ${policy.allowPrivate ? 'private and loopback addresses allowed (--allow-private)' : 'loopback, private and link-local addresses refused unless --allow-private'}). Ctrl+C stops it.`,
  );
  if (parsed.options.has('open')) openBrowser(serving.url, out);
  await new Promise<void>((resolve) => {
    // recursion-ok: no call, the handler only takes itself off the signals it listens to
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void serving.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}

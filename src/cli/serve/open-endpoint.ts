/*
 * `serve`'s fetch endpoint: one Open URL of the page it served. The URL is
 * walked as `check URL` walks it (robots.txt → sitemaps → index →
 * children), through a Fetcher of its own under the one fetch policy: http(s)
 * only, every address checked on every hop (no host is named, so loopback,
 * private and link-local addresses are refused unless --allow-private), the
 * caps, the deadline, the per-host rate. The answer streams the walk's
 * progress, then its files, then its notes; the page closing the request
 * cancels the walk.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { liveNotes } from '../../core/live/apply-live';
import { fetchLiveTree } from '../../core/live/live-tree';
import { encodeFrame, type ServeFrame } from '../../core/live/serve-protocol';
import { errorMessage } from '../../core/text/error-message';
import { Fetcher } from '../fetch/fetch-policy';
import type { FetchPolicy } from '../fetch/policy';
import { nodeGunzip } from '../node-gzip';

/** A request body larger than this is no Open URL. */
const MAX_BODY = 16 * 1024;
/** Walks at once: more are refused (429) until one ends. */
export const MAX_RUNS = 4;

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const parts: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('the request is too large');
    parts.push(chunk);
  }
  return JSON.parse(Buffer.concat(parts).toString('utf8'));
}

export interface OpenEndpoint {
  handle(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): Promise<void>;
  /** Walks under way. */
  readonly running: number;
  /** Stops every walk (the server is closing). */
  cancelAll(): void;
}

export function openEndpoint(policy: FetchPolicy): OpenEndpoint {
  const runs = new Set<Fetcher>();
  const refuse = (res: ServerResponse, headers: Record<string, string>, status: number, why: string) => {
    res.writeHead(status, { ...headers, 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ refused: why }));
  };
  return {
    get running() {
      return runs.size;
    },
    cancelAll() {
      for (const f of runs) f.cancel();
    },
    async handle(req, res, headers) {
      let url: unknown;
      try {
        url = ((await readJson(req)) as { url?: unknown }).url;
      } catch (e) {
        return refuse(res, headers, 400, `the request is not an Open URL: ${errorMessage(e)}`);
      }
      if (typeof url !== 'string' || url.trim() === '') return refuse(res, headers, 400, 'the request names no URL');
      if (runs.size >= MAX_RUNS)
        return refuse(res, headers, 429, `${MAX_RUNS} URLs are being opened already: wait for one to end`);
      // Nothing is named: every host is held to the address checks, as a URL found in a file is.
      const fetcher = new Fetcher({ ...policy, namedHosts: [], sameHost: false });
      runs.add(fetcher);
      const cancel = () => fetcher.cancel();
      res.on('close', cancel);
      res.writeHead(200, { ...headers, 'content-type': 'application/octet-stream', 'cache-control': 'no-store' });
      // The page learns the walk has begun (and may cancel it) before the first fetch answers.
      res.flushHeaders();
      const send = (frame: ServeFrame, bytes?: Uint8Array) => {
        if (!res.writableEnded && !res.destroyed) res.write(encodeFrame(frame, bytes));
      };
      try {
        const tree = await fetchLiveTree(url.trim(), fetcher, {
          gunzip: nodeGunzip,
          reportOtherHosts: false,
          onProgress: (p) => send({ type: 'progress', ...p }),
        });
        for (const f of tree.files) send({ type: 'file', name: f.name, bytes: f.bytes.length }, f.bytes);
        send({ type: 'end', ...liveNotes(tree) });
      } catch (e) {
        send({ type: 'error', message: errorMessage(e) });
      } finally {
        res.off('close', cancel);
        fetcher.close();
        runs.delete(fetcher);
        res.end();
      }
    },
  };
}

/*
 * What `sitemap-editor serve` and the page it serves agree on: where the
 * page finds the token, the endpoint's path and header, and the answer's
 * frames. An Open URL is one POST; the answer is a stream of frames, each a
 * line of JSON and, for a file, that many bytes after it: progress while the
 * walk runs, then every file read, then the walk's notes (fetch problems,
 * redirects, failures).
 */
import type { LiveNotes } from './apply-live';
import type { LiveProgress } from './live-tree';

/** The meta tag `serve` puts in the page it serves: its content is the token of this start. */
export const SERVE_META = 'sitemap-editor-serve';
/** The endpoint: POST `{ "url": … }` as JSON. */
export const SERVE_OPEN_PATH = '/__sitemap-editor/open';
/** The header that carries the token. */
export const SERVE_TOKEN_HEADER = 'x-sitemap-editor-token';

/** A frame's JSON line. A `file` frame's `bytes` bytes follow its line. */
export type ServeFrame =
  | ({ type: 'progress' } & LiveProgress)
  | { type: 'file'; name: string; bytes: number }
  | ({ type: 'end' } & LiveNotes)
  /** The walk itself failed (not one fetch: those are problems of the end frame). */
  | { type: 'error'; message: string };

/** What the endpoint answers instead of frames when it refuses a request (403, 400, 429…), as JSON. */
export interface ServeRefusal {
  refused: string;
}

const encoder = new TextEncoder();

/** One frame as bytes: its JSON line, and a file's bytes after it. */
export function encodeFrame(frame: ServeFrame, bytes?: Uint8Array): Uint8Array {
  const line = encoder.encode(`${JSON.stringify(frame)}\n`);
  if (!bytes) return line;
  const out = new Uint8Array(line.length + bytes.length);
  out.set(line, 0);
  out.set(bytes, line.length);
  return out;
}

/** A frame as read: a file's frame carries its bytes. */
export type ReadFrame =
  Exclude<ServeFrame, { type: 'file' }> | { type: 'file'; name: string; bytes: number; data: Uint8Array };

/** The longest JSON line a frame may have (an end frame lists problems): past it the stream is not ours. */
const MAX_LINE = 64 * 1024 * 1024;

/**
 * Reads frames from an answer's chunks, whatever their sizes: {@link push}
 * a chunk, get the frames it completed. The bytes of a file are copied
 * once, into their own array.
 */
export class FrameReader {
  private parts: Uint8Array[] = [];
  private buffered = 0;
  /** The file frame whose bytes are being gathered. */
  private pending: { name: string; bytes: number; data: Uint8Array; have: number } | null = null;
  private readonly decoder = new TextDecoder();

  push(chunk: Uint8Array): ReadFrame[] {
    const out: ReadFrame[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (this.pending) {
        const p = this.pending;
        const take = Math.min(p.bytes - p.have, chunk.length - at);
        p.data.set(chunk.subarray(at, at + take), p.have);
        p.have += take;
        at += take;
        if (p.have === p.bytes) {
          out.push({ type: 'file', name: p.name, bytes: p.bytes, data: p.data });
          this.pending = null;
        }
        continue;
      }
      const nl = chunk.indexOf(10, at);
      if (nl < 0) {
        this.parts.push(chunk.slice(at));
        this.buffered += chunk.length - at;
        if (this.buffered > MAX_LINE) throw new Error('The answer is not one of sitemap-editor serve: a line too long');
        break;
      }
      this.parts.push(chunk.subarray(at, nl));
      const line = this.decoder.decode(concat(this.parts, this.buffered + nl - at));
      this.parts = [];
      this.buffered = 0;
      at = nl + 1;
      const frame = JSON.parse(line) as ServeFrame;
      if (frame.type === 'file') {
        this.pending = { name: frame.name, bytes: frame.bytes, data: new Uint8Array(frame.bytes), have: 0 };
        if (frame.bytes === 0) {
          out.push({ ...frame, data: this.pending.data });
          this.pending = null;
        }
      } else out.push(frame);
    }
    return out;
  }

  /** Whether the stream ended between frames (a cut answer leaves a part behind). */
  get clean(): boolean {
    return this.pending === null && this.buffered === 0 && this.parts.length === 0;
  }
}

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

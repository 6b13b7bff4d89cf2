import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeFrame, SERVE_OPEN_PATH, SERVE_TOKEN_HEADER } from '../core/live/serve-protocol';
import { openThroughServe, serveToken } from './serve-client';

const enc = new TextEncoder();

/** An answer whose body arrives in chunks of `size` bytes, as a network would cut it. */
function answer(bytes: Uint8Array, size: number, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (let at = 0; at < bytes.length; at += size) c.enqueue(bytes.slice(at, at + size));
      c.close();
    },
  });
  return new Response(body, { status });
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const XML = enc.encode('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>');
const WALK = joined([
  encodeFrame({ type: 'progress', done: 1, found: 2, bytes: 10, url: 'https://e.com/robots.txt' }),
  encodeFrame({ type: 'file', name: 'https://e.com/sitemap.xml', bytes: XML.length }, XML),
  encodeFrame({
    type: 'end',
    problems: [
      { code: 'fetch-http-error', severity: 'error', message: 'HTTP error: 404', file: 'https://e.com/b.xml' },
    ],
    finalUrl: [['https://e.com/sitemap.xml', 'https://e.com/sitemap.xml']],
    failed: ['https://e.com/b.xml'],
  }),
]);

afterEach(() => vi.unstubAllGlobals());

describe('Open URL through serve', () => {
  it('finds the token serve put in the page, and none in a page it did not serve', () => {
    const page = (content: string | null) => ({
      querySelector: () => (content === null ? null : ({ content } as HTMLMetaElement)),
    });
    expect(serveToken(page('abc') as unknown as Document)).toBe('abc');
    expect(serveToken(page(null) as unknown as Document)).toBeNull();
  });

  it('posts the URL with the token and reads progress, files and notes from any cut of the answer', async () => {
    for (const size of [1, 7, WALK.length]) {
      const fetch = vi.fn(async () => answer(WALK, size));
      vi.stubGlobal('fetch', fetch);
      const progress: number[] = [];
      const got = await openThroughServe('https://e.com/robots.txt', 'tok', undefined, (p) => progress.push(p.done));
      const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(path).toBe(SERVE_OPEN_PATH);
      expect((init.headers as Record<string, string>)[SERVE_TOKEN_HEADER]).toBe('tok');
      expect(JSON.parse(init.body as string)).toEqual({ url: 'https://e.com/robots.txt' });
      expect(progress).toEqual([1]);
      expect(got.files.map((f) => f.name)).toEqual(['https://e.com/sitemap.xml']);
      expect(new Uint8Array(await (got.files[0] as File).arrayBuffer())).toEqual(XML);
      expect(got.notes.failed).toEqual(['https://e.com/b.xml']);
      expect(got.notes.problems.map((p) => p.code)).toEqual(['fetch-http-error']);
    }
  });

  it('says why serve refused, and when the answer was cut short or read nothing', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ refused: 'the token is missing' }), { status: 403 }),
    );
    await expect(openThroughServe('https://e.com/', 't', undefined, () => {})).rejects.toThrow(
      'sitemap-editor serve did not open https://e.com/: the token is missing',
    );
    vi.stubGlobal('fetch', async () => answer(WALK.slice(0, WALK.length - 5), 64));
    await expect(openThroughServe('https://e.com/', 't', undefined, () => {})).rejects.toThrow('was cut short');
    const nothing = joined([encodeFrame({ type: 'end', problems: [], finalUrl: [], failed: ['https://e.com/'] })]);
    vi.stubGlobal('fetch', async () => answer(nothing, 64));
    await expect(openThroughServe('https://e.com/', 't', undefined, () => {})).rejects.toThrow(
      'Nothing could be read from https://e.com/',
    );
  });
});

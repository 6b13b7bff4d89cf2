import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { BrowserFetcher, CorsBlockedError, openDirect } from './direct-fetch';

const O = 'https://site.test';
const enc = new TextEncoder();
const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<url><loc>${l}</loc></url>`).join('')}</urlset>\n`;
const index = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('')}</sitemapindex>\n`;

type Route = { status?: number; body?: string | Uint8Array; redirectedTo?: string; blocked?: boolean };

/** A browser's fetch() over made-up answers: what a CORS refusal looks like to a page (a TypeError), a followed redirect. */
function fakeFetch(routes: Record<string, Route>, asked: string[] = [], inits: RequestInit[] = []): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    asked.push(url);
    if (init) inits.push(init);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const r = routes[url];
    if (!r || r.blocked) throw new TypeError('Failed to fetch');
    const res = new Response((r.body ?? '') as BodyInit, { status: r.status ?? 200 });
    const final = r.redirectedTo ?? url;
    Object.defineProperty(res, 'url', { value: final });
    Object.defineProperty(res, 'redirected', { value: r.redirectedTo !== undefined });
    return res;
  };
}

const SITE: Record<string, Route> = {
  [`${O}/robots.txt`]: { body: `User-agent: *\nDisallow:\n\nSitemap: ${O}/index.xml\n` },
  [`${O}/index.xml`]: {
    body: index([`${O}/a.xml.gz`, `${O}/b.xml`, `${O}/missing.xml`, `${O}/old.xml`, `${O}/other-site.xml`]),
  },
  [`${O}/a.xml.gz`]: { body: gzipSync(enc.encode(urlset([`${O}/1`, `${O}/2`]))) },
  [`${O}/b.xml`]: { body: urlset([`${O}/3`]) },
  [`${O}/missing.xml`]: { status: 404, body: 'not found' },
  // The browser followed the redirect: the answer names where it ended.
  [`${O}/old.xml`]: { body: urlset([`${O}/4`]), redirectedTo: `${O}/new.xml` },
  [`${O}/other-site.xml`]: { blocked: true },
};

describe('Open URL by the browser itself (a site that allows it)', () => {
  it('walks robots.txt → index → children with the core walk, the gzipped child as it came, each failure a fetch problem', async () => {
    const asked: string[] = [];
    const inits: RequestInit[] = [];
    const progress: number[] = [];
    const opened = await openDirect(
      `${O}/robots.txt`,
      undefined,
      (p) => progress.push(p.done),
      fakeFetch(SITE, asked, inits),
    );
    expect(opened.files.map((f) => f.name)).toEqual([
      `${O}/robots.txt`,
      `${O}/index.xml`,
      `${O}/a.xml.gz`,
      `${O}/b.xml`,
      `${O}/new.xml`,
    ]);
    // The gzipped file is handed to the import as it came (the import reads gzip).
    const gz = new Uint8Array(await (opened.files[2] as File).arrayBuffer());
    expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
    expect(opened.notes.problems.map((p) => [p.code, p.file])).toEqual([
      ['fetch-http-error', `${O}/missing.xml`],
      ['fetch-redirected', `${O}/old.xml`],
      ['fetch-failed', `${O}/other-site.xml`],
    ]);
    expect(opened.notes.problems[2]?.message).toContain('CORS');
    expect(opened.notes.finalUrl).toContainEqual([`${O}/old.xml`, `${O}/new.xml`]);
    expect(opened.notes.failed.sort()).toEqual([`${O}/missing.xml`, `${O}/other-site.xml`]);
    expect(progress.at(-1)).toBe(asked.length);
    // No cookies, no Referer, nothing cached, CORS mode.
    for (const init of inits)
      expect(init).toMatchObject({
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        mode: 'cors',
        cache: 'no-store',
      });
  });

  it('says in one sentence how to start serve when the browser will not read the URL itself', async () => {
    const err = await openDirect(`${O}/robots.txt`, undefined, () => {}, fakeFetch({})).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CorsBlockedError);
    expect((err as CorsBlockedError).said).toEqual({ id: 'openUrl.corsBlocked', values: { url: `${O}/robots.txt` } });
    expect((err as Error).message).toContain('npx sitemap-editor serve');
  });

  it('fetches http(s) only: another scheme is refused without a request', async () => {
    const asked: string[] = [];
    const err = await openDirect('file:///etc/passwd', undefined, () => {}, fakeFetch({}, asked)).catch(
      (e: unknown) => e,
    );
    expect(asked).toEqual([]);
    expect(String(err)).toContain('only http and https URLs are fetched, not file:');
    const f = new BrowserFetcher(undefined, fakeFetch({}, asked));
    expect(await f.fetch('javascript:alert(1)')).toMatchObject({ ok: false, failure: { kind: 'refused' } });
    expect(asked).toEqual([]);
  });

  it('holds an answer to the size cap, and a robots.txt to its own cap (cut, with a warning)', async () => {
    const big = `${O}/big.xml`;
    const routes = { [big]: { body: urlset(Array.from({ length: 100 }, (_, i) => `${O}/${i}`)) } };
    const caps = { maxBytes: 1000, maxRobotsBytes: 50, maxTotalBytes: 1 << 20, maxSitemaps: 10 };
    const f = new BrowserFetcher(undefined, fakeFetch(routes), caps);
    const got = await f.fetch(big);
    expect(got).toMatchObject({ ok: false, failure: { kind: 'network' } });
    expect(got.ok ? '' : got.failure.kind === 'network' && got.failure.reason).toContain('larger than 1,000 bytes');
    const cut = await f.fetch(big, { maxBytes: 50, truncate: true });
    expect(cut).toMatchObject({ ok: true, truncated: true });
    expect(cut.ok && cut.bytes.length).toBe(50);
  });

  it('stops the run when cancelled: an AbortError, no files', async () => {
    const stop = new AbortController();
    stop.abort();
    const err = await openDirect(`${O}/robots.txt`, stop.signal, () => {}, fakeFetch(SITE)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect((err as DOMException).name).toBe('AbortError');
  });
});

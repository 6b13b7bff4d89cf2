import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../fixtures/helpers';
import { indexBeforeLocs } from '../compare/before-locs';
import { diffRows } from '../compare/diff-rows';
import {
  hostsOf,
  indexNowKeyDefect,
  IndexNowInputError,
  INDEXNOW_MAX_URLS,
  planIndexNow,
  urlsToNotify,
} from './payload';
import { describeIndexNowAnswer } from './answers';
import { offerIndexNow } from './offer';

const KEY = 'a1b2c3d4-e5f6';
const E = 'https://www.example.com';

describe('indexNowKeyDefect', () => {
  it('takes 8 to 128 of a-z, A-Z, 0-9 and "-"', () => {
    expect(indexNowKeyDefect('abcd1234')).toBe('');
    expect(indexNowKeyDefect('A-b'.repeat(42) + 'xy')).toBe('');
    expect(indexNowKeyDefect('abc123')).toBe('an IndexNow key has 8 to 128 characters; this one has 6');
    expect(indexNowKeyDefect('a'.repeat(129))).toBe('an IndexNow key has 8 to 128 characters; this one has 129');
    expect(indexNowKeyDefect('abcd_1234')).toBe('an IndexNow key holds only a-z, A-Z, 0-9 and "-"; this one has "_"');
    expect(indexNowKeyDefect('abcd 1234')).toMatch(/has " "$/);
  });
});

describe('planIndexNow', () => {
  it('builds one payload of the URLs on the one host, each once', () => {
    const plan = planIndexNow([`${E}/a`, `${E}/b`, `${E}/a`], { key: KEY });
    expect(plan).toEqual({
      host: 'www.example.com',
      urls: 2,
      refused: [],
      batches: [{ host: 'www.example.com', key: KEY, urlList: [`${E}/a`, `${E}/b`] }],
    });
    expect(JSON.stringify(plan.batches[0])).toBe(
      `{"host":"www.example.com","key":"${KEY}","urlList":["${E}/a","${E}/b"]}`,
    );
  });

  it('splits at 10,000 URLs a request', () => {
    const urls = Array.from({ length: 2 * INDEXNOW_MAX_URLS + 5 }, (_, i) => `${E}/p${i}`);
    const plan = planIndexNow(urls, { key: KEY });
    expect(plan.batches.map((b) => b.urlList.length)).toEqual([10_000, 10_000, 5]);
    expect(plan.batches[2]?.urlList[0]).toBe(`${E}/p20000`);
    expect(plan.urls).toBe(20_005);
  });

  it('refuses and lists URLs on another host or not absolute, and those outside the key file folder', () => {
    const plan = planIndexNow([`${E}/blog/a`, 'https://OTHER.example.com/x', '/relative', `${E}/shop/b`], {
      key: KEY,
      host: 'WWW.example.com',
      keyLocation: `${E}/blog/key.txt`,
    });
    expect(plan.batches).toEqual([
      { host: 'www.example.com', key: KEY, keyLocation: `${E}/blog/key.txt`, urlList: [`${E}/blog/a`] },
    ]);
    expect(plan.refused).toEqual([
      {
        url: 'https://OTHER.example.com/x',
        why: 'on other.example.com, not www.example.com: IndexNow takes one host per request',
      },
      { url: '/relative', why: 'not an absolute http(s) URL' },
      { url: `${E}/shop/b`, why: 'outside /blog/, the folder of the key file, which covers only the URLs under it' },
    ]);
  });

  it('asks for a host when the URLs are on several, and refuses a bad key, host or key location', () => {
    expect(() => planIndexNow([`${E}/a`, 'https://b.example/x', 'https://b.example/y'], { key: KEY })).toThrow(
      new IndexNowInputError(
        'The URLs are on 2 hosts (b.example (2), www.example.com (1)); IndexNow takes one host per request: choose one.',
      ),
    );
    expect(() => planIndexNow([`${E}/a`], { key: 'short' })).toThrow(/The key is not valid: an IndexNow key has 8/);
    expect(() => planIndexNow([`${E}/a`], { key: KEY, host: 'https://www.example.com/' })).toThrow(
      /a host name such as/,
    );
    expect(() => planIndexNow([`${E}/a`], { key: KEY, keyLocation: 'https://elsewhere.example/k.txt' })).toThrow(
      'The key location is on elsewhere.example; it must be on www.example.com, the host of the URLs.',
    );
    expect(() => planIndexNow([`${E}/a`], { key: KEY, keyLocation: 'k.txt' })).toThrow(/absolute http\(s\) URL/);
  });

  it('builds nothing from no URLs', () => {
    expect(planIndexNow([], { key: KEY })).toEqual({ host: '', batches: [], urls: 0, refused: [] });
  });

  it('lists hosts with their counts, most first', () => {
    expect(hostsOf([`${E}/a`, 'http://x.example:8080/b', `${E}/c`, 'nope'])).toEqual([
      { host: 'www.example.com', urls: 2 },
      { host: 'x.example:8080', urls: 1 },
    ]);
  });
});

describe('urlsToNotify', () => {
  it('names the added and changed URLs of a comparison in row order, never the unchanged or removed ones', () => {
    const before = importText(
      urlset(
        `<url><loc>${E}/same</loc></url><url><loc>${E}/changed</loc><lastmod>2024-01-01</lastmod></url><url><loc>${E}/gone</loc></url>`,
      ),
    );
    const after = importText(
      urlset(
        `<url><loc>${E}/new</loc></url><url><loc>${E}/same</loc></url><url><loc>${E}/changed</loc><lastmod>2024-02-01</lastmod></url><url><loc>${E}/new</loc></url><url><loc>${E}/new2</loc></url>`,
      ),
    );
    const diff = diffRows(indexBeforeLocs(before.rows), after.rows);
    expect(urlsToNotify(after.rows, diff)).toEqual([`${E}/new`, `${E}/changed`, `${E}/new2`]);
  });
});

describe('describeIndexNowAnswer', () => {
  it('reads each answer the protocol names, and says when one is not', () => {
    expect([200, 202, 400, 403, 422, 429].map((s) => describeIndexNowAnswer(s))).toEqual([
      { accepted: true, meaning: '200 OK: URLs submitted successfully' },
      {
        accepted: true,
        meaning:
          '202 Accepted: URLs received; the key is still being validated (the search engine fetches the key file)',
      },
      { accepted: false, meaning: '400 Bad request: the request is not in the format IndexNow expects' },
      {
        accepted: false,
        meaning: '403 Forbidden: the key is not valid (the key file was not found, or it does not hold this key)',
      },
      {
        accepted: false,
        meaning:
          "422 Unprocessable Entity: URLs that don't belong to the host, or a key that does not match the protocol's format",
      },
      { accepted: false, meaning: '429 Too Many Requests: seen as potential spam; send less often' },
    ]);
    expect(describeIndexNowAnswer(503, 'Service Unavailable')).toEqual({
      accepted: false,
      meaning: '503 Service Unavailable: the endpoint failed (a server error); try again later',
    });
    expect(describeIndexNowAnswer(404).accepted).toBe(false);
    expect(describeIndexNowAnswer(204).accepted).toBe(true);
  });
});

describe('offerIndexNow', () => {
  it('offers one request body as JSON, or an array of them past 10,000 URLs', () => {
    const one = offerIndexNow([`${E}/a`, 'https://b.example/x'], { key: KEY, host: 'www.example.com' });
    expect(one).toMatchObject({ error: null, host: 'www.example.com', urls: 1, requests: 1, refusedCount: 1 });
    expect(JSON.parse(one.json)).toEqual({ host: 'www.example.com', key: KEY, urlList: [`${E}/a`] });
    expect(one.hosts).toEqual([
      { host: 'b.example', urls: 1 },
      { host: 'www.example.com', urls: 1 },
    ]);
    const many = offerIndexNow(
      Array.from({ length: 10_001 }, (_, i) => `${E}/${i}`),
      { key: KEY },
    );
    expect((JSON.parse(many.json) as unknown[]).length).toBe(2);
  });

  it('says why when none can be built, with the hosts to choose from', () => {
    const offer = offerIndexNow([`${E}/a`, 'https://b.example/x'], { key: KEY });
    expect(offer.error).toMatch(/^The URLs are on 2 hosts/);
    expect(offer.json).toBe('');
    expect(offerIndexNow([`${E}/a`], { key: 'x' }).error).toMatch(/^The key is not valid/);
  });
});

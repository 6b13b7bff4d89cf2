import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesOf, forEachReader, importText, readFiles, listOf } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { streamPath } from '../stream/stream-test-helpers';
import { exportSitemaps } from '../write/export';
import { importFiles } from './import-files';

forEachReader(() => {
  const E2E_FIXTURES = resolve(__dirname, '../../../e2e/fixtures');
  const now = new Date('2025-01-01T00:00:00Z');

  function feedFile(name: string): { name: string; bytes: Uint8Array } {
    return { name, bytes: new Uint8Array(readFileSync(join(E2E_FIXTURES, name))) };
  }

  function rowsOf(set: ReturnType<typeof importFiles>): [string, string, number, number][] {
    return listOf(set.rows.loc).map((loc, i) => [
      loc,
      set.rows.lastmod.get(i),
      set.rows.line[i] as number,
      set.rows.column[i] as number,
    ]);
  }

  const messages = (set: ReturnType<typeof importFiles>): string[] =>
    set.problems.map((p) => `${p.line ?? '-'}:${p.column ?? '-'} ${p.code}: ${p.message}`);

  describe('RSS 2.0 feeds are read as sitemaps', () => {
    it('takes each item link as loc (not media:content, not the channel link) and pubDate as a W3C lastmod', () => {
      const set = readFiles([feedFile('feed-rss.xml')]);
      expect(set.files[0]).toMatchObject({ name: 'feed-rss.xml', kind: 'rss', count: 3 });
      expect(rowsOf(set)).toEqual([
        ['https://news.example.com/first', '2024-03-05T10:30:00Z', 7, 5],
        ['https://news.example.com/second?a=1&b=2', '2024-03-06T08:00:00+01:00', 13, 5],
        ['https://news.example.com/third', '2024-03-07T23:59:59-05:00', 20, 5],
      ]);
      expect(messages(set)).toEqual([
        '1:1 feed-read: Read as a sitemap from an RSS 2.0 feed: 3 items, each <link> as a loc; 3 pubDate (RFC 822) values converted to W3C Datetime lastmod; 1 value trimmed of surrounding white space; the export writes a standard sitemap',
      ]);
    });

    it('keeps an item without a link as a row the check reports, and a date it cannot convert as written', () => {
      const set = importText(
        '<rss version="2.0"><channel><item><title>t</title><pubDate>yesterday</pubDate></item><item><link>https://e.com/a</link></item></channel></rss>',
        'f.rss',
      );
      expect(rowsOf(set)).toEqual([
        ['', 'yesterday', 1, 29],
        ['https://e.com/a', '', 1, 86],
      ]);
      expect(messages(set)).toEqual(
        [
          '1:1 feed-read: Read as a sitemap from an RSS 2.0 feed: 2 items, each <link> as a loc; 1 date kept as written (not convertible); 1 item has no link (loc-missing)',
        ].map((m) => m + '; the export writes a standard sitemap'),
      );
      const result = checkSet(set, { now });
      expect(result.byCode).toMatchObject({ 'loc-missing': 1, 'lastmod-format': 1, 'feed-read': 1 });
    });

    it('reads an item without a link from its guid, a permalink unless isPermaLink="false" (RSS 2.0)', () => {
      const set = importText(
        [
          '<rss version="2.0"><channel>',
          '<item><guid>https://e.com/by-default</guid></item>',
          '<item><guid isPermaLink="true"> https://e.com/said </guid></item>',
          '<item><guid isPermaLink="false">tag:e.com,2024:42</guid></item>',
          '<item><link>https://e.com/link</link><guid>https://e.com/guid</guid></item>',
          '</channel></rss>',
        ].join('\n'),
        'f.rss',
      );
      expect(rowsOf(set).map(([loc, , line]) => [loc, line])).toEqual([
        ['https://e.com/by-default', 2],
        ['https://e.com/said', 3],
        ['', 4],
        ['https://e.com/link', 5],
      ]);
      expect(messages(set)).toEqual([
        '1:1 feed-read: Read as a sitemap from an RSS 2.0 feed: 4 items, each <link> as a loc; 1 value trimmed of surrounding white space; 2 items have no <link> and their permalink <guid> was read as the loc; 1 item has no link (loc-missing); the export writes a standard sitemap',
      ]);
      expect(checkSet(set, { now }).byCode['loc-missing']).toBe(1);
    });

    it('reports a broken feed as not well-formed and keeps the items before the break', () => {
      const set = importText(
        '<rss version="2.0"><channel><item><link>https://e.com/a</link></item><item><link>https://e.com/b',
        'cut.xml',
      );
      expect(listOf(set.rows.loc)).toEqual(['https://e.com/a', 'https://e.com/b']);
      expect(messages(set).filter((m) => m.includes('xml-malformed'))).toEqual([
        '1:97 xml-malformed: Not well-formed XML: the file ends before </rss> (truncated?) (Search Console: "Parsing error")',
      ]);
    });
  });

  describe('Atom 1.0 feeds are read as sitemaps', () => {
    it('takes the alternate link (or a link without rel) as loc and updated (else published) as lastmod', () => {
      const set = readFiles([feedFile('feed-atom.xml')]);
      expect(set.files[0]).toMatchObject({ kind: 'atom', count: 2 });
      expect(rowsOf(set)).toEqual([
        ['https://blog.example.com/one', '2024-03-05T10:30:00.5Z', 7, 3],
        ['https://blog.example.com/two', '2024-03-06T08:00:00+01:00', 14, 3],
      ]);
      expect(messages(set)).toEqual([
        '1:1 feed-read: Read as a sitemap from an Atom 1.0 feed: 2 entries, each <link rel="alternate" href> as a loc; 1 updated (RFC 3339) value converted to W3C Datetime lastmod; the export writes a standard sitemap',
      ]);
    });

    it('uses published when there is no updated, and reads a prefixed Atom namespace', () => {
      const set = importText(
        '<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:entry><a:link href="https://e.com/p"/><a:published>2024-01-02T03:04:05Z</a:published></a:entry></a:feed>',
      );
      expect(rowsOf(set)).toEqual([['https://e.com/p', '2024-01-02T03:04:05Z', 1, 47]]);
    });
  });

  describe('feeds that are not read', () => {
    it('names the formats that are read for RSS 1.0 (RDF) and Atom 0.3', () => {
      const rdf = importText(
        '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item><link>https://e.com/</link></item></rdf:RDF>',
      );
      expect(messages(rdf)).toEqual([
        '2:1 not-a-sitemap: This is an RSS 1.0 (RDF) feed, not a sitemap: feeds are read as RSS 2.0 (mRSS included) and Atom 1.0; ask the site for one of those or a sitemap (Search Console: "Sitemap is HTML / Unsupported format")',
      ]);
      expect(rdf.rows.length).toBe(0);
      const atom03 = importText(
        '<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><link rel="alternate" href="https://e.com/"/></entry></feed>',
      );
      expect(messages(atom03)).toEqual([
        '1:1 not-a-sitemap: This is an Atom 0.3 feed, not a sitemap: feeds are read as RSS 2.0 (mRSS included) and Atom 1.0; Atom 0.3 was replaced by Atom 1.0 (namespace http://www.w3.org/2005/Atom) in 2005 (Search Console: "Sitemap is HTML / Unsupported format")',
      ]);
      expect(atom03.files[0]?.kind).toBe('none');
    });
  });

  describe('feeds on export and in the stream path', () => {
    it('export as a standard urlset with the converted lastmods', () => {
      const set = readFiles([feedFile('feed-rss.xml'), feedFile('feed-atom.xml')]);
      const out = exportSitemaps(set.rows, {
        format: 'xml',
        gzip: false,
        index: 'auto',
        siteUrl: '',
        now,
        limits: { maxUrls: 50_000, maxBytes: 52_428_800, maxSitemaps: 50_000 },
        schemaLocation: false,
        lastmodForm: 'as-is',
      });
      const xml = new TextDecoder().decode(out.files[0]?.data);
      const url = (loc: string, lastmod: string): string =>
        `  <url>\n    <loc>${loc}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>\n`;
      expect(xml).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
          url('https://news.example.com/first', '2024-03-05T10:30:00Z') +
          url('https://news.example.com/second?a=1&amp;b=2', '2024-03-06T08:00:00+01:00') +
          url('https://news.example.com/third', '2024-03-07T23:59:59-05:00') +
          url('https://blog.example.com/one', '2024-03-05T10:30:00.5Z') +
          url('https://blog.example.com/two', '2024-03-06T08:00:00+01:00') +
          '</urlset>\n',
      );
    });

    it('stream says feeds are read by the table import, in one located message', () => {
      const { findings } = streamPath(
        [
          feedFile('feed-rss.xml'),
          {
            name: 'a.atom',
            bytes: bytesOf(
              '<feed xmlns="http://www.w3.org/2005/Atom"><entry><link href="https://e.com/"/></entry></feed>',
            ),
          },
        ],
        { now },
      );
      expect(findings.urls).toBe(0);
      expect(findings.problems).toEqual([
        'a.atom:1:1 not-a-sitemap: This is an Atom 1.0 feed: feeds are read as sitemaps by check, export and the app\'s table, not by stream (feeds list a site\'s recent pages, not millions); nothing of it was read here (Search Console: "Sitemap is HTML / Unsupported format")',
        'feed-rss.xml:1:1 not-a-sitemap: This is an RSS 2.0 feed: feeds are read as sitemaps by check, export and the app\'s table, not by stream (feeds list a site\'s recent pages, not millions); nothing of it was read here (Search Console: "Sitemap is HTML / Unsupported format")',
      ]);
    });
  });
});

/*
 * Every rule is found by every checker that runs it, on the same input: the
 * table check (importFiles + checkSet, what the worker runs), the streaming
 * check (StreamJob) and the page's instant re-check of an edited field
 * (recheckField). The inputs are typed by RuleCode: a new rule without one
 * does not compile. A checker that does not run a rule says why below, and
 * the test proves it indeed does not report it, so the lists stay true.
 */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { recheckField } from '../check/field-recheck';
import { importFiles, type InputFile } from '../read/import-files';
import type { UrlField } from '../rows/types';
import { StreamJob } from '../stream/stream-job';
import { clockOf } from './lastmod/w3c-datetime';
import { FIELD_RULES } from './modules';
import { RULES, type RuleCode } from './registry';

const NOW = new Date('2025-06-01T00:00:00Z');
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
const IMAGE = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
const VIDEO = ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';
const NEWS = ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';
const enc = new TextEncoder();

const urlset = (body: string, namespaces = ''): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"${namespaces}>\n${body}\n</urlset>\n`;
const url = (loc: string, more = ''): string => `<url><loc>${loc}</loc>${more}</url>`;
const index = (...locs: string[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
const link = (hreflang: string, href: string): string =>
  `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`;
const video = (children: string): string => `<video:video>${children}</video:video>`;
const FULL_VIDEO = {
  thumbnail: '<video:thumbnail_loc>https://e.com/t.jpg</video:thumbnail_loc>',
  title: '<video:title>A film</video:title>',
  description: '<video:description>About it</video:description>',
  content: '<video:content_loc>https://e.com/v.mp4</video:content_loc>',
};
const videoWithout = (left: keyof typeof FULL_VIDEO): string =>
  video(
    Object.entries(FULL_VIDEO)
      .filter(([k]) => k !== left)
      .map(([, v]) => v)
      .join(''),
  );
const news = (children: string): string => `<news:news>${children}</news:news>`;
const PUBLICATION =
  '<news:publication><news:name>Daily</news:name><news:language>en</news:language></news:publication>';
const NEWS_DATE = '<news:publication_date>2024-01-05</news:publication_date>';
const NEWS_TITLE = '<news:title>Headline</news:title>';
const many = (n: number, row: (i: number) => string): string => Array.from({ length: n }, (_, i) => row(i)).join('\n');

/** One input that raises a rule: its files, the Site URL, and for a field's own rule the value the re-check judges. */
interface Example {
  files: InputFile[];
  siteUrl?: string;
  value?: { field: UrlField; value: string };
}

const file = (name: string, text: string | Uint8Array): InputFile => ({
  name,
  bytes: typeof text === 'string' ? enc.encode(text) : text,
});
const xml = (text: string, name = 'sitemap.xml'): Example => ({ files: [file(name, text)] });
const row = (field: UrlField, value: string): Example => ({
  files: [file('sitemap.xml', urlset(url('https://e.com/a', `<${field}>${value}</${field}>`)))],
  value: { field, value },
});

const GZIP = gzipSync(enc.encode(urlset(url('https://e.com/a'))));
const LATIN1 = enc.encode(urlset(url('https://e.com/caf_')));
LATIN1[LATIN1.indexOf(0x5f)] = 0xe9;
const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const CRAWL_HEADER = '"Address","Status Code","Indexability","Indexability Status","Canonical Link Element 1"\n';
const crawled = (status: number, indexability = 'Indexable', why = '', canonical = ''): Example => ({
  files: [
    file('sitemap.xml', urlset(url('https://e.com/a'))),
    file('crawl.csv', `${CRAWL_HEADER}"https://e.com/a","${status}","${indexability}","${why}","${canonical}"\n`),
  ],
});

const EXAMPLES: Record<RuleCode, Example | null> = {
  'xml-malformed': xml(urlset(url('https://e.com/a&b'))),
  'xml-schema': xml(urlset('<url><loc>https://e.com/a<b>x</b></loc></url>')),
  'xml-doctype': xml(urlset(url('https://e.com/a')).replace('<urlset', '<!DOCTYPE urlset>\n<urlset')),
  'not-a-sitemap': xml('<?xml version="1.0"?>\n<catalog><item/></catalog>\n'),
  'leading-whitespace': xml('  \n' + urlset(url('https://e.com/a'))),
  namespace: xml(urlset(url('https://e.com/a')).replace(NS, 'http://www.google.com/schemas/sitemap/0.84')),
  encoding: { files: [file('sitemap.xml', LATIN1)] },
  compression: { files: [file('sitemap.xml.gz', GZIP.subarray(0, GZIP.length - 6))] },
  'csv-malformed': xml('loc,lastmod\nhttps://e.com/a,2024-01-01,extra\n', 'urls.csv'),
  'text-header': xml('URL\nhttps://e.com/a\n', 'urls.txt'),
  'empty-sitemap': xml(urlset('')),
  'too-many-urls': xml(urlset(many(50_001, (i) => url(`https://e.com/${i}`)))),
  // Over 52,428,800 bytes, in entries a stream can cut (a comment between each).
  'file-too-large': xml(urlset(many(5_300, (i) => `${url(`https://e.com/${i}`)}<!--${'x'.repeat(10_000)}-->`))),
  'too-many-sitemaps': xml(index(...Array.from({ length: 50_001 }, (_, i) => `https://e.com/s${i}.xml`)), 'index.xml'),
  'nested-index': {
    files: [file('index.xml', index('https://e.com/inner.xml')), file('inner.xml', index('https://e.com/s.xml'))],
  },
  'index-child-missing': xml(index('https://e.com/missing.xml'), 'index.xml'),
  'duplicate-tag': xml(urlset(url('https://e.com/a', '<lastmod>2024-01-01</lastmod><lastmod>2024-01-02</lastmod>'))),
  'unknown-tag': xml(urlset(url('https://e.com/a', '<foo>bar</foo>'))),
  'ext-too-deep': xml(urlset(url('https://e.com/a', '<x:e>'.repeat(260) + '</x:e>'.repeat(260)), ' xmlns:x="urn:x"')),
  'ext-invalid': xml(
    urlset(
      url(
        'https://e.com/a',
        '<image:image><image:title>t</image:title><image:loc>https://e.com/i.jpg</image:loc></image:image>',
      ),
      IMAGE,
    ),
  ),
  'hreflang-value': xml(
    urlset(url('https://e.com/a', link('english', 'https://e.com/a') + link('fr', 'https://e.com/fr')), XHTML),
  ),
  'hreflang-href': xml(urlset(url('https://e.com/a', link('en', 'https://e.com/a') + link('fr', '/fr')), XHTML)),
  'hreflang-self-missing': xml(urlset(url('https://e.com/a', link('fr', 'https://e.com/fr')), XHTML)),
  'hreflang-not-reciprocal': xml(
    urlset(
      url('https://e.com/a', link('en', 'https://e.com/a') + link('fr', 'https://e.com/fr')) +
        url('https://e.com/fr', link('fr', 'https://e.com/fr')),
      XHTML,
    ),
  ),
  'image-loc-not-absolute': xml(
    urlset(url('https://e.com/a', '<image:image><image:loc>/i.jpg</image:loc></image:image>'), IMAGE),
  ),
  'image-deprecated': xml(
    urlset(
      url(
        'https://e.com/a',
        '<image:image><image:loc>https://e.com/i.jpg</image:loc><image:caption>c</image:caption></image:image>',
      ),
      IMAGE,
    ),
  ),
  'image-too-many': xml(
    urlset(
      url(
        'https://e.com/a',
        many(1_001, (i) => `<image:image><image:loc>https://e.com/${i}.jpg</image:loc></image:image>`),
      ),
      IMAGE,
    ),
  ),
  'video-thumbnail-missing': xml(urlset(url('https://e.com/a', videoWithout('thumbnail')), VIDEO)),
  'video-title-missing': xml(urlset(url('https://e.com/a', videoWithout('title')), VIDEO)),
  'video-description-missing': xml(urlset(url('https://e.com/a', videoWithout('description')), VIDEO)),
  'video-location-missing': xml(urlset(url('https://e.com/a', videoWithout('content')), VIDEO)),
  'video-location-same-as-page': xml(
    urlset(url('https://e.com/v.mp4', video(Object.values(FULL_VIDEO).join(''))), VIDEO),
  ),
  'video-deprecated': xml(
    urlset(
      url('https://e.com/a', video(Object.values(FULL_VIDEO).join('') + '<video:category>c</video:category>')),
      VIDEO,
    ),
  ),
  'news-publication-missing': xml(urlset(url('https://e.com/a', news(NEWS_DATE + NEWS_TITLE)), NEWS)),
  'news-date-missing': xml(urlset(url('https://e.com/a', news(PUBLICATION + NEWS_TITLE)), NEWS)),
  'news-date-invalid': xml(
    urlset(
      url('https://e.com/a', news(PUBLICATION + '<news:publication_date>2024</news:publication_date>' + NEWS_TITLE)),
      NEWS,
    ),
  ),
  'news-title-missing': xml(urlset(url('https://e.com/a', news(PUBLICATION + NEWS_DATE)), NEWS)),
  'news-too-old': xml(urlset(url('https://e.com/a', news(PUBLICATION + NEWS_DATE + NEWS_TITLE)), NEWS)),
  'news-too-many': xml(
    urlset(
      many(1_001, (i) => url(`https://e.com/${i}`, news(PUBLICATION + NEWS_DATE + NEWS_TITLE))),
      NEWS,
    ),
  ),
  'loc-missing': xml(urlset('<url><lastmod>2024-01-01</lastmod></url>')),
  'loc-not-absolute': xml(urlset(url('/relative'))),
  'loc-scheme': xml(urlset(url('ftp://e.com/a'))),
  'loc-too-long': xml(urlset(url(`https://e.com/${'a'.repeat(2_100)}`))),
  'loc-whitespace': xml(urlset(url('https://e.com/a b'))),
  'value-whitespace': xml(urlset('<url><loc>\n  https://e.com/a\n</loc></url>')),
  'loc-unescaped': xml(urlset(url('https://e.com/ü'))),
  'loc-fragment': xml(urlset(url('https://e.com/a#part'))),
  'loc-not-allowed': { ...xml(urlset(url('https://e.com/a') + url('https://other.org/b'))), siteUrl: 'https://e.com/' },
  'loc-duplicate': xml(urlset(url('https://e.com/a') + url('https://e.com/a'))),
  'lastmod-format': row('lastmod', '2024/01/05'),
  'lastmod-invalid': row('lastmod', '2024-02-30'),
  'lastmod-timezone': row('lastmod', '2024-01-05T10:00:00'),
  'lastmod-future': row('lastmod', '2999-01-01'),
  'changefreq-value': row('changefreq', 'sometimes'),
  'priority-format': row('priority', '0,5'),
  'priority-range': row('priority', '1.5'),
  'priority-uniform': xml(
    urlset(url('https://e.com/a', '<priority>0.8</priority>') + url('https://e.com/b', '<priority>0.8</priority>')),
  ),
  // Found by the CLI's fetching of live sources (src/cli/fetch), before any checker reads a file.
  'fetch-failed': null,
  'fetch-http-error': null,
  'fetch-redirect': null,
  'fetch-redirected': null,
  'fetch-refused': null,
  'fetch-other-host': null,
  'robots-blocked': {
    files: [file('sitemap.xml', urlset(url('https://e.com/private/x'))), file('robots.txt', ROBOTS)],
  },
  'robots-not-listed': {
    files: [file('sitemap.xml', urlset(url('https://e.com/a'))), file('robots.txt', ROBOTS)],
  },
  'crawl-not-found': crawled(404),
  'crawl-server-error': crawled(503),
  'crawl-redirect': crawled(301),
  'crawl-noindex': crawled(200, 'Non-Indexable', 'noindex'),
  'crawl-canonical': crawled(200, 'Indexable', '', 'https://e.com/b'),
  'crawl-not-in-sitemap': {
    files: [
      file('sitemap.xml', urlset(url('https://e.com/a'))),
      file(
        'crawl.csv',
        `${CRAWL_HEADER}"https://e.com/A/","200","Indexable","",""\n"https://e.com/b","200","Indexable","",""\n`,
      ),
    ],
  },
  'feed-read': xml(
    '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>t</title><item><link>https://e.com/a</link></item></channel></rss>\n',
    'feed.xml',
  ),
};

/** What the streaming check does not run, and why. */
const NOT_STREAMED: Partial<Record<RuleCode, string>> = {
  'hreflang-not-reciprocal': 'whether an alternate links back needs every row at hand, which streaming does not keep',
  'robots-blocked': 'robots.txt is data for the table path; the stream reads sitemaps',
  'robots-not-listed': 'robots.txt is data for the table path; the stream reads sitemaps',
  'crawl-not-found': 'a crawl export is data for the table path; the stream reads sitemaps',
  'crawl-server-error': 'a crawl export is data for the table path; the stream reads sitemaps',
  'crawl-redirect': 'a crawl export is data for the table path; the stream reads sitemaps',
  'crawl-noindex': 'a crawl export is data for the table path; the stream reads sitemaps',
  'crawl-canonical': 'a crawl export is data for the table path; the stream reads sitemaps',
  'crawl-not-in-sitemap': 'a crawl export is data for the table path; the stream reads sitemaps',
  'feed-read': 'the stream refuses feeds (not-a-sitemap): they list recent pages, not millions',
};

function table(ex: Example): Partial<Record<RuleCode, number>> {
  const set = importFiles(ex.files);
  return checkSet(set, { now: NOW, siteUrl: ex.siteUrl }).byCode;
}

function stream(ex: Example): Partial<Record<RuleCode, number>> {
  const job = new StreamJob({ now: NOW, siteUrl: ex.siteUrl, chunkChars: 4096 });
  for (const f of ex.files) {
    const feed = job.openFile(f.name);
    for (let at = 0; at < f.bytes.length; at += 65_536) if (!feed.push(f.bytes.subarray(at, at + 65_536))) break;
    feed.end();
  }
  return job.finish().byCode;
}

const CASES = RULES.map((r) => [r.code, EXAMPLES[r.code]] as const).filter(
  (c): c is readonly [RuleCode, Example] => c[1] !== null,
);

describe('every rule is found by every checker that runs it', () => {
  it.each(CASES)('%s: the table check', (code, ex) => {
    expect(table(ex)[code] ?? 0).toBeGreaterThan(0);
  });

  it.each(CASES)('%s: the streaming check', (code, ex) => {
    const found = stream(ex)[code] ?? 0;
    if (NOT_STREAMED[code]) expect(found, NOT_STREAMED[code]).toBe(0);
    else expect(found).toBeGreaterThan(0);
  });

  it.each(CASES)('%s: the instant re-check of an edited field', (code, ex) => {
    const rule = RULES.find((r) => r.code === code);
    const rechecked = rule?.scope === 'row' && rule.word === 'row' ? FIELD_RULES[rule.field as UrlField] : undefined;
    if (rechecked?.alone) {
      // A field its value alone decides: the page finds the rule from the edited value.
      const { field, value } = ex.value as NonNullable<Example['value']>;
      expect(field).toBe(rule?.scope === 'row' ? rule.field : '');
      expect(recheckField([], field, value, clockOf(NOW))?.map((p) => p.code)).toContain(code);
    } else if (rechecked) {
      // The loc's rules reach other rows: the page leaves them to the worker's check.
      expect(recheckField([], rechecked.field, 'https://e.com/a', clockOf(NOW))).toBeNull();
    } else expect(ex.value).toBeUndefined();
  });

  it('has an input for every rule but those found before any checker reads a file', () => {
    const none = RULES.filter((r) => EXAMPLES[r.code] === null).map((r) => r.code);
    expect(none).toEqual([
      'fetch-failed',
      'fetch-http-error',
      'fetch-redirect',
      'fetch-redirected',
      'fetch-refused',
      'fetch-other-host',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { corpusFile, fixture, hasShared, importText, NEWS_FIXTURES_DATE, urlset } from '../../../fixtures/helpers';
import { planFixes } from '../fix/plan-fixes';
import { applyExtChanges } from '../rows/changes';
import type { SitemapSet } from '../read/sitemap-set';
import type { RuleCode } from './registry';
import { checkSet } from '../check/check-set';
import { rowProblems } from '../check/row-problems';
import { type CheckResult } from '../check/check-result';
import { listProblems } from '../check/list-problems';
import { EXT_RULES, codesOfExtMask } from './bits';
import { EXT_RULES_BIT } from './rule';

/** The check's date of the news entries dated 2024-01-01 below: a day after, so they are recent (news-too-old is another test's). */
const NEWS_DAY = { now: new Date('2024-01-02T00:00:00Z') };

const NS = ' xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"';

/** Every code on row i (a position), row rules and extension rules alike, as rowProblems reports them. */
function codesAt(set: SitemapSet, r: CheckResult, i: number): RuleCode[] {
  return rowProblems(set, r, i).map((p) => p.code);
}

function expectConsistent(r: CheckResult): void {
  const byCode = Object.values(r.byCode).reduce((a, b) => a + (b ?? 0), 0);
  expect(r.counts.error + r.counts.warning + r.counts.info).toBe(byCode);
  for (const [p, m] of r.extCodes) {
    expect(m).not.toBe(0);
    expect((r.rowCodes[p] ?? 0) & EXT_RULES_BIT).toBe(EXT_RULES_BIT);
  }
  r.rowCodes.forEach((m, p) => {
    if (m & EXT_RULES_BIT) expect(r.extCodes.has(p)).toBe(true);
  });
}

describe('extension rules on fixtures/ext-defects.xml: one defect per <url>', () => {
  const set = importText(fixture('ext-defects.xml'), 'ext-defects.xml');
  // At a date near its news entries: only /r's is old.
  const r = checkSet(set, { now: NEWS_FIXTURES_DATE });
  const expected: [loc: string, codes: RuleCode[]][] = [
    ['https://example.com/a', ['hreflang-value']],
    ['https://example.com/b', ['hreflang-href']],
    ['https://example.com/c', ['hreflang-self-missing']],
    ['https://example.com/d', ['hreflang-not-reciprocal']],
    ['https://example.com/fr/d', []],
    ['https://example.com/e', ['image-loc-not-absolute']],
    ['https://example.com/f', ['video-thumbnail-missing']],
    ['https://example.com/g', ['video-title-missing']],
    ['https://example.com/h', ['video-description-missing']],
    ['https://example.com/i', ['video-location-missing']],
    ['https://example.com/j', ['video-location-same-as-page']],
    ['https://example.com/k', ['news-publication-missing']],
    ['https://example.com/l', ['news-date-missing']],
    ['https://example.com/m', ['news-date-invalid']],
    ['https://example.com/n', ['news-title-missing']],
    ['https://example.com/o', ['image-deprecated']],
    ['https://example.com/p', ['image-too-many']],
    ['https://example.com/q', ['video-deprecated']],
    ['https://example.com/r', ['news-too-old']],
  ];

  it.each(expected.map(([loc, codes], i) => [loc, codes, i] as const))('%s has exactly %j', (loc, codes, i) => {
    expect(set.rows.loc.get(i)).toBe(loc);
    expect(codesAt(set, r, i)).toEqual(codes);
  });

  it('covers every extension row rule, and counts each once', () => {
    expect(expected.flatMap(([, c]) => c).sort()).toEqual([...EXT_RULES].sort());
    expect(r.byCode).toEqual(Object.fromEntries(EXT_RULES.map((c) => [c, 1])));
    expect(r.problems).toEqual([]);
    expectConsistent(r);
  });

  it('says where and what, with the Search Console words', () => {
    const at = (i: number) => rowProblems(set, r, i)[0];
    expect(at(0)).toMatchObject({ file: 'ext-defects.xml', line: 8, field: 'ext', severity: 'warning' });
    expect(at(0)?.message).toBe(
      'hreflang "en_UK" (href "https://example.com/a") uses "_" where BCP 47 wants "-", and even as en-UK it has the region "UK", which is not an ISO 3166-1 code; use GB (the United Kingdom) (Search Console: "Unknown language code")',
    );
    expect(at(1)?.message).toBe(
      'The alternate for hreflang "de" has the href "/de/b", which is not an absolute http(s) URL',
    );
    expect(at(2)?.message).toBe(
      'This page lists 1 hreflang alternate but not itself; add one with its own language and href "https://example.com/c"',
    );
    expect(at(3)?.message).toBe(
      'The alternate "https://example.com/fr/d" (hreflang "fr") is in this set but does not list this page among its alternates; search engines ignore a pair that does not link both ways (Search Console: "No return tags")',
    );
    expect(at(5)?.message).toBe('The image has the URL "images/e.jpg", which is not an absolute http(s) URL');
    expect(at(6)).toMatchObject({
      severity: 'error',
      message: 'The video ("Grilling steaks") has no <video:thumbnail_loc> (Search Console: "Missing thumbnail URL")',
    });
    expect(at(7)?.message).toBe('The video has an empty <video:title> (Search Console: "Missing video title")');
    expect(at(8)?.message).toBe('The video ("No description") has no <video:description>');
    expect(at(9)?.message).toBe(
      'The video ("Nowhere to play") has neither <video:content_loc> (the media file) nor <video:player_loc> (the player)',
    );
    expect(at(10)?.message).toBe(
      'The video ("Plays on its own page") has <video:player_loc> equal to the page URL; it must point at the video file or the player, not at the page that shows it (Search Console: "Video location and play page are the same")',
    );
    expect(at(11)?.message).toBe('The news entry has no publication language (<news:language>)');
    expect(at(12)?.message).toBe('The news entry has no <news:publication_date>');
    expect(at(13)?.message).toBe(
      '<news:publication_date> "2024/05/01" is not a W3C date; write it as 2024-01-05 or 2024-01-05T10:00:00+01:00 (Search Console: "Invalid date")',
    );
    expect(at(14)?.message).toBe('The news entry has no <news:title>');
    expect(at(15)?.message).toBe(
      'The image has <image:caption>: Google removed this tag from image sitemaps and ignores it; put the words on the page instead',
    );
    expect(at(16)).toMatchObject({
      severity: 'error',
      message:
        'This URL has 1,001 images (<image:image>); Google reads at most 1,000 per URL (Search Console: "Invalid XML: too many tags")',
    });
    expect(at(17)?.message).toBe(
      'The video ("Deprecated tags") has allow_embed="yes" of <video:player_loc>, <video:category> "Cooking": Google deprecated them in 2022 and ignores them',
    );
    expect(at(18)).toMatchObject({
      severity: 'warning',
      message:
        'The news entry was published "2024-04-20", more than 2 days before the check\'s date; Google News takes articles of the last 2 days only, so its <news:news> can go (the URL stays)',
    });
  });

  it('lets the table filter by an extension code', async () => {
    const { queryRows, ALL_ROWS } = await import('../view/query');
    expect([...queryRows(set, r, { ...ALL_ROWS, code: 'video-title-missing' })]).toEqual([7]);
    expect([...queryRows(set, r, { ...ALL_ROWS, code: 'hreflang-not-reciprocal' })]).toEqual([3]);
    expect(queryRows(set, r, { ...ALL_ROWS, onlyProblems: true }).length).toBe(18);
  });
});

describe('extension rules stay quiet on correct data', () => {
  it('fixtures/ext-clean.xml: hreflang with script and region, x-default in any case, app links and amphtml, images, video, news', () => {
    const set = importText(fixture('ext-clean.xml'), 'ext-clean.xml');
    // Checked at a date near its news entry's (2024-05-01): a recent article.
    const r = checkSet(set, { now: NEWS_FIXTURES_DATE });
    expect(r.byCode).toEqual({});
    expect(r.extCodes.size).toBe(0);
  });

  it('fixtures/ext-hreflang.xml: a reciprocal en/de pair with x-default', () => {
    const r = checkSet(importText(fixture('ext-hreflang.xml')));
    expect(r.byCode).toEqual({});
  });
});

describe('ext-invalid and the extension rules never report the same defect', () => {
  it('a missing video thumbnail is video-thumbnail-missing only; ext-invalid keeps the order defect, and its fix leaves the rule', () => {
    const VIDEO = ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';
    const set = importText(
      urlset(
        '<url><loc>https://e.com/v</loc><video:video><video:description>d</video:description><video:title>t</video:title><video:content_loc>https://e.com/v.mp4</video:content_loc></video:video></url>',
        VIDEO,
      ),
    );
    const r = checkSet(set);
    expect(codesAt(set, r, 0)).toEqual(['ext-invalid', 'video-thumbnail-missing']);
    expect(rowProblems(set, r, 0)[0]?.message).toBe(
      '<video:video>: <video:title> comes after <video:description>; the schema wants it before; it is kept as is (Fix repairs it)',
    );
    applyExtChanges(set.rows, planFixes(set, r, ['ext-invalid']).extChanges, 'forward');
    const after = checkSet(set);
    expect(codesAt(set, after, 0)).toEqual(['video-thumbnail-missing']);
  });

  it('news:publication without name and language is news-publication-missing only', () => {
    const set = importText(
      urlset(
        '<url><loc>https://e.com/n</loc><news:news><news:publication></news:publication><news:publication_date>2024-01-01</news:publication_date><news:title>T</news:title></news:news></url>',
        NS,
      ),
    );
    const r = checkSet(set, NEWS_DAY);
    expect(r.byCode).toEqual({ 'news-publication-missing': 1 });
    expect(rowProblems(set, r, 0)[0]?.message).toBe(
      'The news entry has a <news:publication> without <news:name> and <news:language>',
    );
  });

  it('an image without <image:loc> stays ext-invalid (no rule of its own names it)', () => {
    const IMAGE = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
    const set = importText(
      urlset('<url><loc>https://e.com/i</loc><image:image><image:title>t</image:title></image:image></url>', IMAGE),
    );
    // Its <image:title> is also one Google dropped: image-deprecated, which names the tag, not the missing loc.
    expect(checkSet(set).byCode).toEqual({ 'ext-invalid': 1, 'image-deprecated': 1 });
  });

  it('a news date without seconds is ext-invalid (the schema refuses it), not news-date-invalid (W3C allows it)', () => {
    const set = importText(
      urlset(
        '<url><loc>https://e.com/n</loc><news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-01-01T10:00Z</news:publication_date><news:title>T</news:title></news:news></url>',
        NS,
      ),
    );
    expect(checkSet(set, NEWS_DAY).byCode).toEqual({ 'ext-invalid': 1 });
  });
});

describe('news-too-many: over 1,000 news entries in one sitemap', () => {
  const news = (i: number) =>
    `<url><loc>https://e.com/n/${i}</loc><news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024-01-01</news:publication_date><news:title>T${i}</news:title></news:news></url>`;
  const file = (n: number) => urlset(Array.from({ length: n }, (_, i) => news(i)).join('\n'), NS);

  it('is quiet at 1,000 and reported once, on the file, at 1,001', () => {
    expect(checkSet(importText(file(1000), 'news.xml'), NEWS_DAY).byCode).toEqual({});
    const r = checkSet(importText(file(1001), 'news.xml'), NEWS_DAY);
    expect(r.byCode).toEqual({ 'news-too-many': 1 });
    expect(r.problems).toEqual([
      {
        code: 'news-too-many',
        severity: 'error',
        file: 'news.xml',
        message:
          'news.xml has 1,001 news entries (<news:news>); a news sitemap may hold at most 1,000, and the export starts a new file there',
      },
    ]);
    expectConsistent(r);
  });

  it('counts per file: two files of 600 are fine', () => {
    const set = (text: string) => ({ name: '', bytes: new TextEncoder().encode(text) });
    const a = set(file(600));
    const b = set(file(600));
    return import('../read/import-files').then(({ importFiles }) => {
      const both = importFiles([
        { ...a, name: 'a.xml' },
        { ...b, name: 'b.xml' },
      ]);
      expect(both.rows.length).toBe(1200);
      expect(checkSet(both, NEWS_DAY).byCode).toEqual({ 'loc-duplicate': 1200 });
    });
  });
});

describe('extension rules on the real corpus', () => {
  it.runIf(hasShared)(
    'Hugo multilingual: alternates listing themselves, the other language outside the set: quiet',
    () => {
      const set = importText(corpusFile('hreflang_hugo-multilingual_en-sitemap.xml'));
      const r = checkSet(set);
      expect(set.rows.ext.filter(Boolean).length).toBe(5);
      expect(r.byCode).toEqual({});
    },
  );

  it.runIf(hasShared)('sitemap.js all-tags: the video page lists en and ja alternates but not itself', () => {
    const name = 'sitemapjs_alltags-all-extensions-cdata-escaping.xml';
    const set = importText(corpusFile(name), name);
    const r = checkSet(set);
    // Its other problems are the URLs' own (four hosts, a raw quote): not the extensions'.
    // Its image also has the four tags Google dropped (image-deprecated), its videos tags deprecated in 2022,
    // its news page articles of 2008 and 2018 (news-too-old at any date since).
    expect(r.byCode).toEqual({
      'hreflang-self-missing': 1,
      'image-deprecated': 1,
      'news-too-old': 1,
      'video-deprecated': 2,
      'loc-not-allowed': 4,
      'loc-unescaped': 1,
    });
    const p = listProblems(set, r).find((x) => x.code === 'hreflang-self-missing');
    expect(p).toMatchObject({ file: name, line: 52, row: 3, field: 'ext', severity: 'warning' });
    // The android-app:// alternate has no hreflang and the amphtml link is not an alternate: neither counts.
    expect(p?.message).toBe(
      'This page lists 2 hreflang alternates but not itself; add one with its own language and href "https://roosterteeth.com/episode/let-s-watch-2018-house-party-part-2"',
    );
  });

  it.runIf(hasShared)('the unrendered Jekyll news template: its Liquid date is news-date-invalid', () => {
    const name = 'broken_jekyll-unrendered-template_news-sitemap.xml';
    const set = importText(corpusFile(name), name);
    const r = checkSet(set);
    expect(r.byCode).toMatchObject({ 'news-date-invalid': 1 });
    expect(rowProblems(set, r, 0).find((p) => p.code === 'news-date-invalid')?.message).toBe(
      '<news:publication_date> "{{ each_post.date | date: "%Y-%m-%d" }}" is not a W3C date; write it as 2024-01-05 or 2024-01-05T10:00:00+01:00 (Search Console: "Invalid date")',
    );
  });

  it.runIf(hasShared)(
    'real video, image and news sitemaps with every required field: no extension rule of a required field fires',
    () => {
      const files = [
        'video_shopify-modesthut_video-sitemap-updated.xml',
        'video_youtube-player_loc_video-sitemap.xml',
        'news_wordpress-com-generator-comment_shinpaideshou.xml',
        'image_webflow-1MB_image-sitemap.xml',
        'yoast-com_real_xsl-pi_images_66urls.xml',
      ];
      for (const name of files) {
        const r = checkSet(importText(corpusFile(name), name));
        // The tags Google dropped and old news are another matter (today-corpus.test.ts lists where they are).
        const ext = Object.keys(r.byCode).filter(
          (c) =>
            (EXT_RULES as readonly string[]).includes(c) &&
            c !== 'image-deprecated' &&
            c !== 'video-deprecated' &&
            c !== 'news-too-old',
        );
        expect(ext, name).toEqual([]);
      }
    },
  );

  it.runIf(hasShared)(
    'the 1.4 MB video sitemap: 1,511 videos out of order are ext-invalid, none misses a required field',
    () => {
      const name = 'broken_video_out-of-order_unescaped-amp-line4319_1.4MB.xml';
      const r = checkSet(importText(corpusFile(name), name));
      expect(r.byCode['ext-invalid']).toBe(1511);
      expect(r.extCodes.size).toBe(0);
    },
  );

  it('codesOfExtMask lists codes in bit order', () => {
    expect(codesOfExtMask(0b101)).toEqual(['hreflang-value', 'hreflang-self-missing']);
  });
});

/*
 * Where the rules of today (issue 29: Google's documentation as it is now)
 * fire in the shared corpus, file by file, and that they stay silent on every
 * other file. The check's date is fixed, so news-too-old does not move with
 * the calendar.
 */
import { describe, expect, it } from 'vitest';
import { corpusFile, corpusFiles, hasShared, importText } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import type { RuleCode } from './registry';

const TODAY: readonly RuleCode[] = [
  'image-deprecated',
  'image-too-many',
  'news-too-old',
  'news-too-many',
  'video-deprecated',
];

const CHECK_DATE = new Date('2026-12-03T00:00:00Z');

/** Each corpus file where a rule of today fires, with its counts. */
const FIRES: Record<string, Partial<Record<RuleCode, number>>> = {
  'real/ext_real-video-image-mobile_hebdenbridgetimes.xml': { 'image-deprecated': 49, 'video-deprecated': 6 },
  'real/image_webflow-1MB_image-sitemap.xml': { 'image-deprecated': 257 },
  // Articles of April 2017: old at any check's date since.
  'real/news_wordpress-com-generator-comment_shinpaideshou.xml': { 'news-too-old': 3 },
  // Its news page's articles are of 2008 and 2018.
  'real/sitemapjs_alltags-all-extensions-cdata-escaping.xml': {
    'image-deprecated': 1,
    'news-too-old': 1,
    'video-deprecated': 2,
  },
  'real/video_tvshow-loc-after-video_crawler-commons.xml': { 'video-deprecated': 1 },
  'real/yoast-2017_cdata-image-title_post-sitemap.xml': { 'image-deprecated': 13 },
};

describe.runIf(hasShared)('the rules of today on the corpus', () => {
  const files = (['real', 'robustness'] as const).flatMap((g) => corpusFiles(g).map((name) => [g, name] as const));

  it.each(files)('%s/%s', (group, name) => {
    const r = checkSet(importText(corpusFile(name, group), name), { now: CHECK_DATE });
    const found = Object.fromEntries(TODAY.flatMap((c) => (r.byCode[c] ? [[c, r.byCode[c]]] : [])));
    expect(found).toEqual(FIRES[`${group}/${name}`] ?? {});
  });
});

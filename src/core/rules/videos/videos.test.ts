import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../../fixtures/helpers';
import { checkSet } from '../../check/check-set';
import { rowProblems } from '../../check/row-problems';
import { planFixes } from '../../fix/plan-fixes';
import { applyExtChanges } from '../../rows/changes';

const VIDEO = ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"';
const REQUIRED =
  '<video:thumbnail_loc>https://e.com/t.jpg</video:thumbnail_loc><video:title>Film</video:title><video:description>About it</video:description>';
const page = (video: string): string => `<url><loc>https://e.com/p</loc><video:video>${video}</video:video></url>`;

describe('video-deprecated', () => {
  it.each([
    [
      '<video:content_loc>https://e.com/v.mp4</video:content_loc><video:category>Food</video:category>',
      '<video:category>',
    ],
    [
      '<video:content_loc>https://e.com/v.mp4</video:content_loc><video:gallery_loc>https://e.com/g</video:gallery_loc>',
      '<video:gallery_loc>',
    ],
    [
      '<video:content_loc>https://e.com/v.mp4</video:content_loc><video:price currency="EUR">1</video:price>',
      '<video:price>',
    ],
    [
      '<video:content_loc>https://e.com/v.mp4</video:content_loc><video:tvshow><video:show_title>S</video:show_title><video:video_type>full</video:video_type></video:tvshow>',
      '<video:tvshow>',
    ],
    ['<video:player_loc allow_embed="yes">https://e.com/pl</video:player_loc>', 'allow_embed="yes"'],
    ['<video:player_loc autoplay="ap=1">https://e.com/pl</video:player_loc>', 'autoplay="ap=1"'],
  ])('fires on %s and names it', (more, named) => {
    const set = importText(urlset(page(REQUIRED + more), VIDEO));
    const r = checkSet(set);
    expect(r.byCode).toEqual({ 'video-deprecated': 1 });
    expect(rowProblems(set, r, 0)[0]?.message).toContain(named);
  });

  it('is silent on a video with today’s tags only', () => {
    const set = importText(
      urlset(
        page(REQUIRED + '<video:player_loc>https://e.com/pl</video:player_loc><video:duration>60</video:duration>'),
        VIDEO,
      ),
    );
    expect(checkSet(set).byCode).toEqual({});
  });

  it('Fix drops the tags and attributes, keeps the video and its player, lists each, and undo restores them', () => {
    const set = importText(
      urlset(
        page(
          REQUIRED +
            '<video:player_loc allow_embed="yes" autoplay="ap=1">https://e.com/pl</video:player_loc><video:category>Food</video:category>',
        ),
        VIDEO,
      ),
    );
    const before = structuredClone(set.rows.get(0).ext);
    const plan = planFixes(set, checkSet(set), ['video-deprecated']);
    expect(plan.dropped).toEqual([
      'https://e.com/p: dropped allow_embed="yes" of <video:player_loc>',
      'https://e.com/p: dropped autoplay="ap=1" of <video:player_loc>',
      'https://e.com/p: dropped <video:category> "Food"',
    ]);
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    expect(checkSet(set).byCode).toEqual({});
    const video = set.rows.get(0).ext?.[0];
    expect(video?.children.map((c) => (typeof c === 'string' ? c : c.name))).toEqual([
      'thumbnail_loc',
      'title',
      'description',
      'player_loc',
    ]);
    applyExtChanges(set.rows, plan.extChanges, 'backward');
    expect(set.rows.get(0).ext).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../../fixtures/helpers';
import { checkSet } from '../../check/check-set';
import { rowProblems } from '../../check/row-problems';
import { planFixes } from '../../fix/plan-fixes';
import { applyExtChanges } from '../../rows/changes';

const IMAGE = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
const image = (loc: string, more = ''): string => `<image:image><image:loc>${loc}</image:loc>${more}</image:image>`;
const page = (images: string): string => `<url><loc>https://e.com/p</loc>${images}</url>`;

describe('image-deprecated', () => {
  it('fires on each of the four tags Google dropped, names them, and not on an image with its loc only', () => {
    for (const tag of ['caption', 'title', 'geo_location', 'license']) {
      const value = tag === 'license' ? 'https://e.com/l' : 'x';
      const set = importText(
        urlset(page(image('https://e.com/i.jpg', `<image:${tag}>${value}</image:${tag}>`)), IMAGE),
      );
      const r = checkSet(set);
      expect(r.byCode, tag).toEqual({ 'image-deprecated': 1 });
      expect(rowProblems(set, r, 0)[0]?.message).toContain(`<image:${tag}>`);
    }
    expect(checkSet(importText(urlset(page(image('https://e.com/i.jpg')), IMAGE))).byCode).toEqual({});
  });

  it('Fix drops the four tags, keeps the image, lists every value dropped, and undo brings them back', () => {
    const set = importText(
      urlset(
        page(
          image('https://e.com/1.jpg', '<image:caption>A red shirt</image:caption><image:title>Shirt</image:title>') +
            image('https://e.com/2.jpg', '<image:geo_location>Ankara</image:geo_location>'),
        ),
        IMAGE,
      ),
    );
    const before = structuredClone(set.rows.get(0).ext);
    const plan = planFixes(set, checkSet(set), ['image-deprecated']);
    expect(plan.applied).toEqual({ 'image-deprecated': 1 });
    expect(plan.dropped).toEqual([
      'https://e.com/p: dropped <image:caption> "A red shirt"',
      'https://e.com/p: dropped <image:title> "Shirt"',
      'https://e.com/p: dropped <image:geo_location> "Ankara"',
    ]);
    applyExtChanges(set.rows, plan.extChanges, 'forward');
    expect(checkSet(set).byCode).toEqual({});
    const ext = set.rows.get(0).ext ?? [];
    expect(ext.map((el) => el.children.map((c) => (typeof c === 'string' ? c : c.name)))).toEqual([['loc'], ['loc']]);
    applyExtChanges(set.rows, plan.extChanges, 'backward');
    expect(set.rows.get(0).ext).toEqual(before);
  });
});

describe('image-too-many', () => {
  const images = (n: number): string => Array.from({ length: n }, (_, i) => image(`https://e.com/${i}.jpg`)).join('');

  it('is an error over 1,000 images on one URL, and silent at 1,000', () => {
    const over = importText(urlset(page(images(1001)), IMAGE));
    const r = checkSet(over);
    expect(r.byCode).toEqual({ 'image-too-many': 1 });
    expect(r.counts.error).toBe(1);
    expect(rowProblems(over, r, 0)[0]?.message).toContain('1,001 images');
    expect(checkSet(importText(urlset(page(images(1000)), IMAGE))).byCode).toEqual({});
  });
});

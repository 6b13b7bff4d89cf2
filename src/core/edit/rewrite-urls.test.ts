import { describe, expect, it } from 'vitest';
import { fixture, importText } from '../../../fixtures/helpers';
import { applyChanges, applyExtChanges } from '../rows/changes';
import { compileReplace, type ReplaceOptions } from './bulk';
import { describeCounts, originRewrite, parseFieldGroups, planRewrite } from './rewrite-urls';
import { URL_FIELD_GROUPS, type UrlFieldGroup } from './url-field-groups';
import { exportSitemaps } from '../write/export';
import { LIMITS } from '../rules/limits';

const load = () => importText(fixture('ext-all-urls.xml'));
const all = (n: number) => Array.from({ length: n }, (_, i) => i);

function apply(opts: ReplaceOptions): (s: string) => string {
  const r = compileReplace(opts);
  if (!r.ok) throw new Error(r.message);
  return r.apply;
}

function migration(from: string, to: string): (s: string) => string {
  const r = originRewrite(from, to);
  if (!r.ok) throw new Error(r.message);
  return apply(r.options);
}

const everyField = new Set<UrlFieldGroup>(URL_FIELD_GROUPS);

describe('planRewrite', () => {
  it('moves every URL field of every row from one origin to another, and counts each field', () => {
    const set = load();
    const plan = planRewrite(
      set.rows,
      all(set.rows.length),
      migration('http://old.example.com', 'https://new.example.com'),
      everyField,
      100,
    );
    expect(plan.counts).toEqual({
      loc: 2,
      'xhtml:link href': 4,
      'image:loc': 1,
      'image:license': 1,
      'video:thumbnail_loc': 1,
      'video:content_loc': 1,
      'video:player_loc': 1,
      'video:gallery_loc': 1,
      'video:uploader info': 1,
    });
    expect(plan.total).toBe(13);
    expect(plan.breaking).toEqual([]);
    expect(plan.cells).toEqual([
      { row: 1, field: 'loc', before: 'http://old.example.com/en/', after: 'https://new.example.com/en/' },
      { row: 2, field: 'loc', before: 'http://old.example.com/de/', after: 'https://new.example.com/de/' },
    ]);
    expect(plan.exts.map((c) => c.row)).toEqual([1, 2]);
    expect(describeCounts(plan.counts)).toBe(
      'loc 2, image:loc 1, image:license 1, video:thumbnail_loc 1, video:content_loc 1, video:player_loc 1, video:gallery_loc 1, video:uploader info 1, xhtml:link href 4',
    );
    // The third row's host only starts like the old one: it is another origin and stays.
    expect(set.rows.loc.get(2)).toBe('http://old.example.com.evil.test/page');
    expect(plan.samples.map((s) => [s.row, s.spot, s.after])).toEqual([
      [1, 'loc', 'https://new.example.com/en/'],
      [1, 'xhtml:link href', 'https://new.example.com/en/'],
      [1, 'xhtml:link href', 'https://new.example.com/de/'],
      [1, 'image:loc', 'https://new.example.com/img/a.jpg'],
      [1, 'image:license', 'https://new.example.com/licence'],
      [1, 'video:thumbnail_loc', 'https://new.example.com/thumb.jpg'],
      [1, 'video:content_loc', 'https://new.example.com/clip.mp4'],
      [1, 'video:player_loc', 'https://new.example.com/player?v=1'],
      [1, 'video:gallery_loc', 'https://new.example.com/gallery'],
      [1, 'video:uploader info', 'https://new.example.com/about'],
      [2, 'loc', 'https://new.example.com/de/'],
      [2, 'xhtml:link href', 'https://new.example.com/en/'],
      [2, 'xhtml:link href', 'https://new.example.com/de/'],
    ]);
  });

  it('leaves the rows as they were until applied, and applied, no old URL is left in the export; news text is not a URL field', () => {
    const set = load();
    const before = structuredClone(set.rows.ext[0]);
    const plan = planRewrite(
      set.rows,
      all(set.rows.length),
      migration('http://old.example.com/', 'new.example.com'),
      everyField,
    );
    expect(set.rows.ext[0]).toEqual(before);
    expect(plan.exts[0]?.before).toBe(set.rows.ext[0]);
    applyChanges(set.rows, plan.cells, 'forward');
    applyExtChanges(set.rows, plan.exts, 'forward');
    const out = exportSitemaps(set.rows, {
      format: 'xml',
      gzip: false,
      index: 'auto',
      siteUrl: 'https://new.example.com/',
      limits: LIMITS.standard,
      schemaLocation: false,
      lastmodForm: 'as-is',
      now: new Date(0),
    });
    const xml = new TextDecoder().decode(out.files[0]?.data);
    const old = xml.match(/http:\/\/old\.example\.com[^.]/g) ?? [];
    // Only the news title (text, not a URL) keeps the old host.
    expect(old).toEqual(['http://old.example.com ']);
    expect(xml).toContain('<video:player_loc allow_embed="yes">https://new.example.com/player?v=1</video:player_loc>');
    expect(xml).toContain('<video:gallery_loc title="All">https://new.example.com/gallery</video:gallery_loc>');
    expect(xml).toContain('<video:uploader info="https://new.example.com/about">Team</video:uploader>');
    // Undo gives back the very elements.
    applyExtChanges(set.rows, plan.exts, 'backward');
    expect(set.rows.ext[0]).toEqual(before);
  });

  it('touches only the chosen fields', () => {
    const set = load();
    const move = migration('http://old.example.com', 'https://new.example.com');
    const n = set.rows.length;
    expect(planRewrite(set.rows, all(n), move, new Set(['loc'])).counts).toEqual({ loc: 2 });
    expect(planRewrite(set.rows, all(n), move, new Set(['image'])).counts).toEqual({
      'image:loc': 1,
      'image:license': 1,
    });
    expect(planRewrite(set.rows, all(n), move, new Set(['video'])).counts).toEqual({
      'video:thumbnail_loc': 1,
      'video:content_loc': 1,
      'video:player_loc': 1,
      'video:gallery_loc': 1,
      'video:uploader info': 1,
    });
    const hreflang = planRewrite(set.rows, all(n), move, new Set(['hreflang']));
    expect(hreflang.counts).toEqual({ 'xhtml:link href': 4 });
    expect(hreflang.cells).toEqual([]);
    // Only the rows at the positions.
    expect(planRewrite(set.rows, [1], move, everyField).counts).toEqual({ loc: 1, 'xhtml:link href': 2 });
  });

  it('flags a value the replacement makes unusable, loc or extension, and lists it first', () => {
    const set = load();
    const plan = planRewrite(
      set.rows,
      all(set.rows.length),
      apply({ find: 'http://old.example.com/img', replace: 'img', regex: false, caseSensitive: true }),
      everyField,
      5,
    );
    expect(plan.breaking).toEqual([1]);
    expect(plan.samples).toEqual([
      { row: 1, spot: 'image:loc', before: 'http://old.example.com/img/a.jpg', after: 'img/a.jpg', breaking: true },
    ]);
  });

  it('a plain find & replace works over every field too', () => {
    const set = load();
    const plan = planRewrite(
      set.rows,
      all(set.rows.length),
      apply({ find: '/de/', replace: '/de-de/', regex: false, caseSensitive: true }),
      everyField,
    );
    expect(plan.counts).toEqual({ loc: 1, 'xhtml:link href': 2 });
  });
});

describe('originRewrite', () => {
  it('matches the origin whatever its case and default port, only where it ends', () => {
    const move = migration('HTTP://WWW.Example.com', 'https://example.org');
    expect(move('http://www.example.com/a?b=1')).toBe('https://example.org/a?b=1');
    expect(move('http://WWW.EXAMPLE.COM:80/a')).toBe('https://example.org/a');
    expect(move('http://www.example.com')).toBe('https://example.org');
    expect(move('http://www.example.com?q')).toBe('https://example.org?q');
    expect(move('https://www.example.com/a')).toBe('https://www.example.com/a');
    expect(move('http://www.example.com:8080/a')).toBe('http://www.example.com:8080/a');
    expect(move('http://www.example.community/a')).toBe('http://www.example.community/a');
    expect(move('https://cdn.test/?u=http://www.example.com/a')).toBe('https://cdn.test/?u=http://www.example.com/a');
  });

  it('keeps a port that is not the default, and a $ in the new origin is literal', () => {
    expect(migration('http://a.test:8080', 'https://b.test')('http://a.test:8080/x')).toBe('https://b.test/x');
    expect(migration('http://a.test', 'https://b.test:8443')('http://a.test/x')).toBe('https://b.test:8443/x');
  });

  it('refuses what is not an origin, and the same origin twice', () => {
    expect(originRewrite('', 'https://b.test')).toEqual({
      ok: false,
      message: 'Type the current origin, such as https://www.example.com.',
    });
    expect(originRewrite('http://a.test/blog', 'https://b.test')).toEqual({
      ok: false,
      message: 'The current origin is a scheme and a host only (such as https://www.example.com), without a path.',
    });
    expect(originRewrite('ftp://a.test', 'https://b.test')).toEqual({
      ok: false,
      message: 'The current origin must start with http:// or https://.',
    });
    expect(originRewrite('http://a.test', 'http://a b')).toEqual({
      ok: false,
      message: '"http://a b" is not an origin such as https://www.example.com.',
    });
    expect(originRewrite('https://a.test/', 'a.test')).toEqual({
      ok: false,
      message: 'The two origins are the same: nothing would move.',
    });
  });
});

describe('parseFieldGroups', () => {
  it('reads group names and "all"', () => {
    expect(parseFieldGroups(['all'])).toEqual({ ok: true, groups: new Set(['loc', 'image', 'video', 'hreflang']) });
    expect(parseFieldGroups(['loc', 'image'])).toEqual({ ok: true, groups: new Set(['loc', 'image']) });
    expect(parseFieldGroups(['news'])).toEqual({
      ok: false,
      message: '"news" is not a URL field group: use loc, image, video, hreflang or all.',
    });
  });
});

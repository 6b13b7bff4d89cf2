import { describe, expect, it } from 'vitest';
import { fixture, importText, NEWS_FIXTURES_DATE } from '../../../fixtures/helpers';
import { clockOf } from '../rules/lastmod/w3c-datetime';
import { applyExtChanges } from '../rows/changes';
import { exportSitemaps } from '../write/export';
import { LIMITS } from '../rules/limits';
import {
  checkExtDraft,
  describeExtEdit,
  extValues,
  newExtElement,
  applyExtValues,
  planExtEdit,
  type ExtEdit,
} from './ext-edit';

const load = () => importText(fixture('ext-all-urls.xml'));
const xmlOf = (set: ReturnType<typeof load>) =>
  new TextDecoder().decode(
    exportSitemaps(set.rows, {
      format: 'xml',
      gzip: false,
      index: 'auto',
      siteUrl: 'http://old.example.com/',
      limits: LIMITS.standard,
      schemaLocation: false,
      lastmodForm: 'as-is',
      now: new Date(0),
    }).files[0]?.data,
  );

function applied(set: ReturnType<typeof load>, edit: ExtEdit, row = 0) {
  const change = planExtEdit(set, set.rows.id[row] as number, edit);
  if (!change) throw new Error('no change');
  applyExtChanges(set.rows, [change], 'forward');
  return change;
}

describe('planExtEdit', () => {
  it('reads the values of each kind', () => {
    const ext = load().rows.ext[0] ?? [];
    expect(extValues(ext[2]!)).toEqual({ loc: 'http://old.example.com/img/a.jpg', caption: '', title: 'A' });
    expect(extValues(ext[4]!)).toEqual({
      'publication name': 'Old News',
      'publication language': 'en',
      publication_date: '2024-05-08',
      title: 'http://old.example.com in the title stays',
    });
  });

  it('changes an image in place and adds a missing caption where the schema puts it, leaving the rows alone until applied', () => {
    const set = load();
    const before = structuredClone(set.rows.ext[0]);
    const change = planExtEdit(set, set.rows.id[0] as number, {
      kind: 'change',
      at: 2,
      values: { loc: ' https://cdn.example.com/a.jpg ', caption: 'The caption', title: 'A' },
    });
    expect(set.rows.ext[0]).toEqual(before);
    expect(change?.before).toBe(set.rows.ext[0]);
    applyExtChanges(set.rows, [change!], 'forward');
    expect(xmlOf(set)).toContain(
      '<image:image>\n      <image:loc>https://cdn.example.com/a.jpg</image:loc>\n      <image:caption>The caption</image:caption>\n      <image:title>A</image:title>\n      <image:license>http://old.example.com/licence</image:license>\n    </image:image>',
    );
    expect(describeExtEdit({ kind: 'change', at: 2, values: {} }, change!)).toBe('Edit image');
    // Undo gives back the very elements.
    applyExtChanges(set.rows, [change!], 'backward');
    expect(set.rows.ext[0]).toEqual(before);
  });

  it('edits a video: an optional field emptied is removed, one added goes in schema order, attributes stay', () => {
    const set = load();
    applied(set, {
      kind: 'change',
      at: 3,
      values: {
        title: 'New clip',
        content_loc: '',
        duration: '90',
        publication_date: '2024-05-01T10:00:00Z',
        family_friendly: 'yes',
      },
    });
    const xml = xmlOf(set);
    const video = xml.slice(xml.indexOf('<video:video>'), xml.indexOf('</video:video>'));
    expect(video.match(/<video:([a-z_]+)/g)).toEqual([
      '<video:video',
      '<video:thumbnail_loc',
      '<video:title',
      '<video:description',
      '<video:player_loc',
      '<video:duration',
      '<video:publication_date',
      '<video:family_friendly',
      '<video:gallery_loc',
      '<video:uploader',
    ]);
    expect(video).toContain('<video:player_loc allow_embed="yes">http://old.example.com/player?v=1</video:player_loc>');
    expect(video).toContain('<video:title>New clip</video:title>');
  });

  it('empties a required field (the check then says so), and changes the news publication inside its parent', () => {
    const set = load();
    applied(set, { kind: 'change', at: 4, values: { 'publication name': 'New News', title: '' } });
    const xml = xmlOf(set);
    expect(xml).toContain(
      '<news:publication>\n        <news:name>New News</news:name>\n        <news:language>en</news:language>\n      </news:publication>',
    );
    expect(xml).toContain('<news:title/>');
    // Checked at a date near the fixture's news (news-too-old is not this test's).
    expect(
      checkExtDraft('http://old.example.com/en/', set.rows.ext[0]![4]!, clockOf(NEWS_FIXTURES_DATE)).map((p) => p.code),
    ).toEqual(['news-title-missing']);
  });

  it('adds an image, a video and a news entry after the others of their kind, and removes one', () => {
    const set = load();
    const add = applied(
      set,
      { kind: 'add', ext: 'image', values: { loc: 'https://old.example.com/b.jpg', title: 'B' } },
      1,
    );
    expect(describeExtEdit({ kind: 'add', ext: 'image', values: {} }, add)).toBe('Add image');
    applied(
      set,
      {
        kind: 'add',
        ext: 'video',
        values: { thumbnail_loc: 'https://v/t.jpg', title: 'T', description: 'D', player_loc: 'https://v/p' },
      },
      1,
    );
    applied(
      set,
      {
        kind: 'add',
        ext: 'news',
        values: { 'publication name': 'P', 'publication language': 'de', publication_date: '2024-05-08', title: 'T' },
      },
      1,
    );
    const ext = set.rows.ext[1] ?? [];
    expect(ext.map((e) => `${e.prefix}:${e.name}`)).toEqual([
      'xhtml:link',
      'xhtml:link',
      'image:image',
      'image:image',
      'video:video',
      'news:news',
    ]);
    expect(extValues(ext[3]!)).toEqual({ loc: 'https://old.example.com/b.jpg', caption: '', title: 'B' });
    expect(checkExtDraft(set.rows.loc.get(1), ext[4]!)).toEqual([]);
    const removed = applied(set, { kind: 'remove', at: 2 }, 1);
    expect(describeExtEdit({ kind: 'remove', at: 2 }, removed)).toBe('Remove image');
    expect((set.rows.ext[1] ?? []).map((e) => e.name)).toEqual(['link', 'link', 'image', 'video', 'news']);
    expect(xmlOf(set)).toContain('<news:language>de</news:language>');
  });

  it('says nothing changed, and refuses an entry that is not there', () => {
    const set = load();
    expect(planExtEdit(set, set.rows.id[0] as number, { kind: 'change', at: 2, values: { title: ' A ' } })).toBeNull();
    expect(() => planExtEdit(set, set.rows.id[0] as number, { kind: 'change', at: 0, values: {} })).toThrow(
      "That entry is not on this row any more; reopen the row's details.",
    );
  });
});

describe('checkExtDraft', () => {
  it('reports what the extension rules say of a draft as it is typed', () => {
    const video = applyExtValues(newExtElement('video'), { title: 'T', player_loc: 'https://e.com/page' });
    expect(checkExtDraft('https://e.com/page', video).map((p) => [p.code, p.severity])).toEqual([
      ['video-thumbnail-missing', 'error'],
      ['video-description-missing', 'error'],
      ['video-location-same-as-page', 'error'],
    ]);
    expect(
      checkExtDraft('https://e.com/', applyExtValues(newExtElement('image'), { loc: 'img/a.jpg' })).map((p) => p.code),
    ).toEqual(['image-loc-not-absolute']);
  });
});

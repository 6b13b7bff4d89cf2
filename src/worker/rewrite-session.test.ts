import { describe, expect, it } from 'vitest';
import { fixture } from '../../fixtures/helpers';
import { originRewrite } from '../core/edit/rewrite-urls';
import type { ReplaceOptions } from '../core/edit/bulk';
import { Session } from './session';
import { importFiles } from '../core/read/import-files';

function load(siteUrl?: string): Session {
  const s = new Session();
  s.setSiteUrl(siteUrl ?? '');
  s.importSet(importFiles([{ name: 'ext-all-urls.xml', bytes: fixture('ext-all-urls.xml') }]), false);
  return s;
}

function migration(): ReplaceOptions {
  const r = originRewrite('http://old.example.com', 'https://new.example.com');
  if (!r.ok) throw new Error(r.message);
  return { ...r.options, fields: ['loc', 'image', 'video', 'hreflang'] };
}

describe('Session: find & replace across URL fields', () => {
  it('previews what changes in which field, without changing anything', () => {
    const s = load();
    const preview = s.bulk.replacePreview({ kind: 'view' }, migration(), 3);
    expect(preview).toMatchObject({ error: null, affected: 2, breaking: 0, values: 13 });
    expect(preview.byField).toMatchObject({ loc: 2, 'image:loc': 1, 'video:thumbnail_loc': 1, 'xhtml:link href': 4 });
    expect(preview.samples).toEqual([
      {
        row: 1,
        field: 'loc',
        before: 'http://old.example.com/en/',
        after: 'https://new.example.com/en/',
        breaking: false,
      },
      {
        row: 1,
        field: 'xhtml:link href',
        before: 'http://old.example.com/en/',
        after: 'https://new.example.com/en/',
        breaking: false,
      },
      {
        row: 1,
        field: 'xhtml:link href',
        before: 'http://old.example.com/de/',
        after: 'https://new.example.com/de/',
        breaking: false,
      },
    ]);
    expect(s.rows(0, 1)[0]?.loc).toBe('http://old.example.com/en/');
  });

  it('moves every field in one undo step and re-checks location and reciprocity; loc alone breaks reciprocity', () => {
    const s = load('https://new.example.com/');
    expect(s.summary().byCode['loc-not-allowed']).toBe(3);
    expect(s.summary().byCode['hreflang-not-reciprocal']).toBeUndefined();

    // Only the locs: the alternates still point at the old pages, which no longer list the new ones back.
    const locOnly = s.bulk.replace({ kind: 'view' }, { ...migration(), fields: ['loc'] }, false);
    expect(locOnly).toMatchObject({ changed: 2, byField: { loc: 2 } });
    expect(locOnly.summary.byCode['loc-not-allowed']).toBe(1);
    expect(locOnly.summary.byCode['hreflang-self-missing']).toBe(2);
    s.undo();

    const out = s.bulk.replace({ kind: 'view' }, migration(), false);
    expect(out.changed).toBe(13);
    expect(out.byField).toEqual({
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
    // 2 loc cells and 2 rows' extension elements.
    expect(out.history.undoLabel).toBe(
      'Move every URL from http://old.example.com to https://new.example.com (4 cells)',
    );
    expect(out.summary.byCode['loc-not-allowed']).toBe(1);
    expect(out.summary.byCode['hreflang-self-missing']).toBeUndefined();
    expect(s.rowDetails(1).alternates.map((a) => a.href)).toEqual([
      'https://new.example.com/en/',
      'https://new.example.com/de/',
    ]);
    expect(s.history.size.undo).toBe(1);

    const undone = s.undo();
    expect(undone.label).toBe('Move every URL from http://old.example.com to https://new.example.com (4 cells)');
    const plain = s.bulk.replace(
      { kind: 'view' },
      { find: '/de/', replace: '/de-de/', regex: false, caseSensitive: true, fields: ['loc', 'hreflang'] },
      false,
    );
    expect(plain.history.undoLabel).toBe('Replace "/de/" with "/de-de/" in loc, hreflang hrefs (3 cells)');
    s.undo();
    expect(undone.summary.byCode['loc-not-allowed']).toBe(3);
    expect(s.rowDetails(1).alternates.map((a) => a.href)).toEqual([
      'http://old.example.com/en/',
      'http://old.example.com/de/',
    ]);
    expect(s.rowDetails(1).entries.find((e) => e.kind === 'image')?.fields[0]).toEqual({
      name: 'loc',
      value: 'http://old.example.com/img/a.jpg',
    });
  });

  it('refuses a rewrite that breaks an image URL unless forced', () => {
    const s = load();
    const opts: ReplaceOptions = {
      find: 'http://old.example.com/img/',
      replace: '',
      regex: false,
      caseSensitive: true,
      fields: ['image'],
    };
    const refused = s.bulk.replace({ kind: 'view' }, opts, false);
    expect(refused.changed).toBe(0);
    expect(refused.refused?.samples).toEqual([
      { row: 1, field: 'image:loc', before: 'http://old.example.com/img/a.jpg', after: 'a.jpg', breaking: true },
    ]);
    const forced = s.bulk.replace({ kind: 'view' }, opts, true);
    expect(forced.changed).toBe(1);
    expect(forced.summary.byCode['image-loc-not-absolute']).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { fixture, hasShared } from '../../fixtures/helpers';
import { validateXsd } from '../../fixtures/xsd';
import { hreflangLinks } from '../core/rows/ext-read';
import { importFiles } from '../core/read/import-files';
import type { ExportSettings } from './protocol';
import { Session } from './session';

const SETTINGS: ExportSettings = {
  format: 'xml',
  gzip: false,
  index: 'auto',
  profile: 'standard',
  maxUrls: 50000,
  maxBytes: 52428800,
  siteUrl: 'https://www.example.com/',
  schemaLocation: false,
  lastmodForm: 'as-is',
  layout: 'limits',
  newRowsTo: '',
};

function loaded(): { s: Session; changes: () => number } {
  const s = new Session();
  s.importSet(importFiles([{ name: 'ext-hreflang.xml', bytes: fixture('ext-hreflang.xml') }]), false);
  let n = 0;
  s.onChange = () => n++;
  return { s, changes: () => n };
}

const idAt = (s: Session, k: number) => s.rows(k, k + 1)[0]!.id;

describe('Session: row details and hreflang alternate edits', () => {
  it("shows a row's alternates and other extensions, readable", () => {
    const s = new Session();
    s.importSet(importFiles([{ name: 'ext-clean.xml', bytes: fixture('ext-clean.xml') }]), false);
    const d = s.rowDetails(idAt(s, 1));
    expect(d).toMatchObject({ loc: 'https://example.com/zh-tw/', file: 'ext-clean.xml', line: 19, problems: [] });
    expect(d.alternates.map((a) => [a.at, a.hreflang, a.href, a.issue, a.notReciprocal])).toEqual([
      [0, 'en-GB', 'https://example.com/en/', '', false],
      [1, 'zh-Hant-TW', 'https://example.com/zh-tw/', '', false],
      [2, 'x-default', 'https://example.com/en/', '', false],
    ]);
    expect(d.entries).toEqual([
      {
        at: 3,
        kind: 'video',
        label: 'Video: A video',
        fields: [
          { name: 'thumbnail_loc', value: 'https://example.com/thumbs/1.jpg' },
          { name: 'title', value: 'A video' },
          { name: 'description', value: 'With every required field.' },
          { name: 'content_loc', value: 'https://example.com/video/1.mp4' },
          { name: 'player_loc', value: 'https://example.com/player?v=1' },
        ],
        // What the entry's editor starts from (ext-edit.ts), and the element to check a draft against.
        values: {
          thumbnail_loc: 'https://example.com/thumbs/1.jpg',
          title: 'A video',
          description: 'With every required field.',
          content_loc: 'https://example.com/video/1.mp4',
          player_loc: 'https://example.com/player?v=1',
          duration: '',
          expiration_date: '',
          publication_date: '',
          family_friendly: '',
          requires_subscription: '',
          live: '',
        },
        element: s.rowDetails(idAt(s, 1)).entries[0]?.element,
      },
    ]);
    expect(d.entries[0]?.element?.name).toBe('video');
    const first = s.rowDetails(idAt(s, 0));
    expect(first.entries.map((e) => [e.kind, e.label, e.fields])).toEqual([
      [
        'other',
        'xhtml:link',
        [
          { name: 'rel', value: 'alternate' },
          { name: 'href', value: 'android-app://com.example/en' },
        ],
      ],
      [
        'other',
        'xhtml:link',
        [
          { name: 'rel', value: 'amphtml' },
          { name: 'href', value: 'https://example.com/en/amp' },
        ],
      ],
      ['image', 'Image', [{ name: 'loc', value: 'https://cdn.example.net/en/hero.jpg' }]],
    ]);
    const news = s.rowDetails(idAt(s, 2)).entries[0];
    expect(news?.fields.map((f) => f.name)).toEqual([
      'publication name',
      'publication language',
      'publication_date',
      'title',
    ]);
  });

  it('each edit is one undo step, re-checked at once (on the other row too), and tells autosave', () => {
    const { s, changes } = loaded();
    const en = idAt(s, 0);
    const de = idAt(s, 1);
    // de still links back to en through its x-default alternate after the first edit; the second breaks the pair.
    const first = s.details.editAlternate(de, {
      kind: 'change',
      at: 0,
      hreflang: 'en',
      href: 'https://www.example.com/en/other',
    });
    expect(first.summary.byCode).toEqual({});
    expect(first.details?.alternates[0]).toMatchObject({ hreflang: 'en', href: 'https://www.example.com/en/other' });
    const changed = s.details.editAlternate(de, {
      kind: 'change',
      at: 2,
      hreflang: 'x-default',
      href: 'https://www.example.com/en/other',
    });
    expect(changes()).toBe(2);
    expect(changed.summary.byCode).toEqual({ 'hreflang-not-reciprocal': 1 });
    expect(changed.history).toMatchObject({ canUndo: true, undoLabel: 'Change hreflang alternate x-default' });
    const enDetails = s.rowDetails(en);
    expect(enDetails.problems.map((p) => p.code)).toEqual(['hreflang-not-reciprocal']);
    expect(enDetails.alternates.map((a) => a.notReciprocal)).toEqual([false, true, false]);
    expect(s.rows(0, 1)[0]?.problems.map((p) => p.code)).toEqual(['hreflang-not-reciprocal']);

    const undone = s.undo();
    expect(undone.label).toBe('Change hreflang alternate x-default');
    expect(undone.summary.byCode).toEqual({});
    expect(s.rowDetails(de).alternates[2]?.href).toBe('https://www.example.com/en/about');
    expect(s.rowDetails(en).problems).toEqual([]);
    expect(s.redo().summary.byCode).toEqual({ 'hreflang-not-reciprocal': 1 });
    expect(changes()).toBe(4);
  });

  it('adds and removes alternates, one step each; a bad value is reported at once', () => {
    const { s } = loaded();
    const contact = idAt(s, 2);
    const added = s.details.editAlternate(contact, {
      kind: 'add',
      hreflang: 'en_GB',
      href: 'https://www.example.com/en/contact',
    });
    expect(added.summary.byCode).toEqual({ 'hreflang-value': 1 });
    expect(added.details?.problems[0]?.message).toBe(
      'hreflang "en_GB" (href "https://www.example.com/en/contact") uses "_" where BCP 47 wants "-"; write en-GB (Search Console: "Unknown language code")',
    );
    expect(added.details?.alternates[0]?.issue).toBe('hreflang uses "_" where BCP 47 wants "-"; write en-GB');
    const fixed = s.details.editAlternate(contact, {
      kind: 'change',
      at: 0,
      hreflang: 'en-GB',
      href: 'https://www.example.com/en/contact',
    });
    expect(fixed.summary.byCode).toEqual({});
    const removed = s.details.editAlternate(contact, { kind: 'remove', at: 0 });
    expect(removed.details?.alternates).toEqual([]);
    expect(s.rows(2, 3)[0]?.ext).toBe(0);
    expect(s.history.size.undo).toBe(3);
    s.undo();
    expect(s.rows(2, 3)[0]).toMatchObject({ ext: 1, extSummary: 'xhtml:link' });
  });

  it('a refused edit changes nothing and says why', () => {
    const { s, changes } = loaded();
    expect(() => s.details.editAlternate(idAt(s, 0), { kind: 'add', hreflang: 'fr', href: '  ' })).toThrow(
      'An alternate needs the URL of the page in that language (href).',
    );
    expect(s.history.size.undo).toBe(0);
    expect(changes()).toBe(0);
  });

  it('exports the edited alternate with the xhtml namespace declared; it reads back the same', () => {
    const { s } = loaded();
    s.details.editAlternate(idAt(s, 0), {
      kind: 'add',
      hreflang: 'fr',
      href: 'https://www.example.com/fr/about?a=1&b=2',
    });
    const out = s.downloads.export(SETTINGS, () => {});
    expect(out.fileName).toBe('sitemap.xml');
    const xml = new TextDecoder().decode(out.bytes);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml).toContain(
      '    <xhtml:link rel="alternate" hreflang="fr" href="https://www.example.com/fr/about?a=1&amp;b=2"/>\n',
    );
    const back = importFiles([{ name: 'sitemap.xml', bytes: out.bytes }]);
    for (let k = 0; k < 3; k++) {
      const read = hreflangLinks(back.rows.ext[k]).map((l) => [l.hreflang, l.href]);
      expect(read).toEqual(s.rowDetails(idAt(s, k)).alternates.map((a) => [a.hreflang, a.href]));
    }
    expect(hreflangLinks(back.rows.ext[0]).map((l) => l.hreflang)).toEqual(['en', 'de', 'x-default', 'fr']);
  });

  it.runIf(hasShared)('the exported file validates against the official XSDs', () => {
    const { s } = loaded();
    s.details.editAlternate(idAt(s, 2), { kind: 'add', hreflang: 'en', href: 'https://www.example.com/en/contact' });
    s.details.editAlternate(idAt(s, 0), {
      kind: 'change',
      at: 1,
      hreflang: 'de-AT',
      href: 'https://www.example.com/de/about',
    });
    expect(validateXsd(s.downloads.export(SETTINGS, () => {}).bytes, 'sitemap-all.xsd', 'sitemap.xml')).toEqual({
      ok: true,
      errors: [],
    });
  });
});

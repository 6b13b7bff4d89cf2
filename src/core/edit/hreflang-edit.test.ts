import { describe, expect, it } from 'vitest';
import { fixture, importText } from '../../../fixtures/helpers';
import { hreflangLinks } from '../rows/ext-read';
import { applyExtChanges } from '../rows/changes';
import { describeAlternateEdit, planAlternateEdit, type AlternateEdit } from './hreflang-edit';

const load = () => importText(fixture('ext-hreflang.xml'));
const pairs = (ext: Parameters<typeof hreflangLinks>[0]) => hreflangLinks(ext).map((l) => [l.at, l.hreflang, l.href]);

describe('planAlternateEdit', () => {
  it("adds an alternate after the row's last link, trimmed, leaving the row untouched until applied", () => {
    const set = load();
    const id = set.rows.id[0] as number;
    const before = structuredClone(set.rows.ext[0]);
    const edit: AlternateEdit = { kind: 'add', hreflang: ' fr ', href: ' https://www.example.com/fr/about ' };
    const change = planAlternateEdit(set, id, edit);
    expect(set.rows.ext[0]).toEqual(before);
    expect(change?.before).toBe(set.rows.ext[0]);
    expect(pairs(change?.after)).toEqual([
      [0, 'en', 'https://www.example.com/en/about'],
      [1, 'de', 'https://www.example.com/de/about'],
      [2, 'x-default', 'https://www.example.com/en/about'],
      [3, 'fr', 'https://www.example.com/fr/about'],
    ]);
    expect(change?.after?.[3]).toEqual({
      ns: 'http://www.w3.org/1999/xhtml',
      prefix: 'xhtml',
      name: 'link',
      children: [],
      attrs: [
        { ns: '', prefix: '', name: 'rel', value: 'alternate' },
        { ns: '', prefix: '', name: 'hreflang', value: 'fr' },
        { ns: '', prefix: '', name: 'href', value: 'https://www.example.com/fr/about' },
      ],
    });
    expect(describeAlternateEdit(edit, change!)).toBe('Add hreflang alternate fr');
  });

  it('adds the first alternate to a row without extensions', () => {
    const set = load();
    const change = planAlternateEdit(set, set.rows.id[2] as number, {
      kind: 'add',
      hreflang: 'en',
      href: 'https://www.example.com/en/contact',
    });
    expect(change?.before).toBeUndefined();
    expect(pairs(change?.after)).toEqual([[0, 'en', 'https://www.example.com/en/contact']]);
  });

  it("changes an alternate's hreflang and href without touching the other elements, and undoes exactly", () => {
    const set = load();
    const id = set.rows.id[1] as number;
    const original = structuredClone(set.rows.ext[1]);
    const change = planAlternateEdit(set, id, {
      kind: 'change',
      at: 1,
      hreflang: 'de-AT',
      href: 'https://www.example.com/at/about',
    });
    expect(pairs(change?.after)).toEqual([
      [0, 'en', 'https://www.example.com/en/about'],
      [1, 'de-AT', 'https://www.example.com/at/about'],
      [2, 'x-default', 'https://www.example.com/en/about'],
    ]);
    expect(change?.after?.[0]).toBe(change?.before?.[0]);
    applyExtChanges(set.rows, [change!], 'forward');
    expect(pairs(set.rows.ext[1])[1]).toEqual([1, 'de-AT', 'https://www.example.com/at/about']);
    applyExtChanges(set.rows, [change!], 'backward');
    expect(set.rows.ext[1]).toEqual(original);
    expect(describeAlternateEdit({ kind: 'change', at: 1, hreflang: 'de-AT', href: '' }, change!)).toBe(
      'Change hreflang alternate de',
    );
  });

  it('returns null for a change to the same values', () => {
    const set = load();
    expect(
      planAlternateEdit(set, set.rows.id[0] as number, {
        kind: 'change',
        at: 0,
        hreflang: 'en',
        href: 'https://www.example.com/en/about',
      }),
    ).toBeNull();
  });

  it('removes an alternate; removing the last leaves the row without extensions', () => {
    const set = load();
    const change = planAlternateEdit(set, set.rows.id[0] as number, { kind: 'remove', at: 2 });
    expect(pairs(change?.after).map((p) => p[1])).toEqual(['en', 'de']);
    expect(describeAlternateEdit({ kind: 'remove', at: 2 }, change!)).toBe('Remove hreflang alternate x-default');
    const one = importText(fixture('ext-hreflang.xml'));
    const id = one.rows.id[0] as number;
    for (const at of [2, 1])
      applyExtChanges(one.rows, [planAlternateEdit(one, id, { kind: 'remove', at })!], 'forward');
    const last = planAlternateEdit(one, id, { kind: 'remove', at: 0 });
    expect(last?.after).toBeUndefined();
  });

  it('refuses, in plain words, an empty value, a gone row or an index that is not an alternate', () => {
    const set = load();
    const id = set.rows.id[0] as number;
    expect(() => planAlternateEdit(set, id, { kind: 'add', hreflang: ' ', href: 'https://x.com/' })).toThrow(
      'An alternate needs a language code (hreflang), such as en, de-AT or x-default.',
    );
    expect(() => planAlternateEdit(set, id, { kind: 'add', hreflang: 'en', href: '' })).toThrow(
      'An alternate needs the URL of the page in that language (href).',
    );
    expect(() => planAlternateEdit(set, 999, { kind: 'remove', at: 0 })).toThrow('There is no row 999 any more.');
    expect(() => planAlternateEdit(set, id, { kind: 'remove', at: 7 })).toThrow(
      "That alternate is not on this row any more; reopen the row's details.",
    );
  });
});

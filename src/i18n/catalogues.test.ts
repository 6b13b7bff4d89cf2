import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, translatorFor } from './catalogues';
import { INTL_LOCALES, LANGUAGES, type Language } from './languages';

/** What a translation must keep of the English message: its arguments, their kinds, plural and select forms, tags. */
interface Shape {
  /** "name:kind", kind one of argument, number, date, time, plural, select, tag. */
  args: Set<string>;
  /** Per plural argument, its exact cases (=0…). */
  exact: Map<string, Set<string>>;
  /** Per plural argument, its categories (one, few, other…). */
  categories: Map<string, Set<string>>;
  /** Per select argument, its options. */
  selects: Map<string, Set<string>>;
}

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'argument',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.plural]: 'plural',
  [TYPE.select]: 'select',
  [TYPE.tag]: 'tag',
};

function shapeOf(message: string): Shape {
  const shape: Shape = { args: new Set(), exact: new Map(), categories: new Map(), selects: new Map() };
  const add = <K, V>(map: Map<K, Set<V>>, k: K, v: V) => map.set(k, (map.get(k) ?? new Set()).add(v));
  // The catalogue's nesting is our own writing, a few levels deep.
  const stack: MessageFormatElement[][] = [parse(message)];
  for (let els = stack.pop(); els; els = stack.pop()) {
    for (const el of els) {
      const kind = KIND[el.type];
      if (kind && 'value' in el && typeof el.value === 'string') shape.args.add(`${el.value}:${kind}`);
      if (el.type === TYPE.plural) {
        for (const [key, option] of Object.entries(el.options)) {
          add(key.startsWith('=') ? shape.exact : shape.categories, el.value, key);
          stack.push(option.value);
        }
      }
      if (el.type === TYPE.select) {
        for (const [key, option] of Object.entries(el.options)) {
          add(shape.selects, el.value, key);
          stack.push(option.value);
        }
      }
      if (el.type === TYPE.tag) stack.push(el.children);
    }
  }
  return shape;
}

const sorted = (s: Set<string> | undefined) => [...(s ?? [])].sort();
const en = CATALOGUES.en as Record<string, string>;
const others = LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en');

describe('the catalogues', () => {
  it.each(LANGUAGES)('%s has every key of the English catalogue and no other', (lang) => {
    expect(Object.keys(CATALOGUES[lang]).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(LANGUAGES)('every message of %s is a string ICU MessageFormat parses', (lang) => {
    for (const [key, message] of Object.entries(CATALOGUES[lang])) {
      expect(typeof message, key).toBe('string');
      expect(() => parse(message as string), `${lang} ${key}`).not.toThrow();
    }
  });

  it.each(others)('%s keeps every argument, kind, select option, exact case and tag of English', (lang) => {
    for (const [key, english] of Object.entries(en)) {
      const want = shapeOf(english);
      const got = shapeOf((CATALOGUES[lang] as Record<string, string>)[key] ?? '');
      expect(sorted(got.args), `${lang} ${key}: arguments`).toEqual(sorted(want.args));
      for (const [arg, cases] of want.exact)
        expect(sorted(got.exact.get(arg)), `${lang} ${key}: ${arg}'s =N`).toEqual(sorted(cases));
      for (const [arg, options] of want.selects)
        expect(sorted(got.selects.get(arg)), `${lang} ${key}: ${arg}'s options`).toEqual(sorted(options));
    }
  });

  it.each(LANGUAGES)("every plural of %s has exactly its language's plural forms", (lang) => {
    const forms = new Intl.PluralRules(INTL_LOCALES[lang]).resolvedOptions().pluralCategories;
    for (const [key, message] of Object.entries(CATALOGUES[lang] as Record<string, string>)) {
      const shape = shapeOf(message);
      for (const [arg, categories] of shape.categories) {
        // `{n, plural, =0 {} other {…}}` is a switch on an exact case: its other holds every count alike.
        if (shape.exact.has(arg) && sorted(categories).join() === 'other') continue;
        expect(sorted(categories), `${lang} ${key}: ${arg}`).toEqual([...forms].sort());
      }
    }
  });

  it('formats numbers and plurals for each language', () => {
    expect(translatorFor('en').n(1000000)).toBe('1,000,000');
    expect(translatorFor('tr').n(1000000)).toBe('1.000.000');
    expect(translatorFor('sr').n(1000000)).toBe('1.000.000');
    expect(translatorFor('sr-Cyrl').n(1000000)).toBe('1.000.000');
    expect(translatorFor('en').bytes(1)).toBe('1 byte');
    expect(translatorFor('en').bytes(52428800)).toBe('50 MiB');
    expect(translatorFor('tr').bytes(1536)).toBe('1,5 KiB');
    expect(translatorFor('sr').bytes(3)).toBe('3 bajta');
    expect(translatorFor('sr').bytes(5)).toBe('5 bajtova');
    expect(translatorFor('sr').bytes(21)).toBe('21 bajt');
  });
});

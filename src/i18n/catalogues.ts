import { createIntl, createIntlCache } from '@formatjs/intl';
import en from './catalogues/en.json';
import srCyrl from './catalogues/sr-Cyrl.json';
import sr from './catalogues/sr.json';
import tr from './catalogues/tr.json';
import { INTL_LOCALES, type Language } from './languages';
import { translatorOf, type Catalogue, type Translator } from './translator';

/**
 * Every catalogue at once, for the CLI and tests (the page loads only the
 * one it shows: load-catalogue.ts).
 */
export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, tr, sr, 'sr-Cyrl': srCyrl };

const cache = createIntlCache();

/** A translator of one language, outside React. */
export function translatorFor(lang: Language): Translator {
  const intl = createIntl(
    {
      locale: INTL_LOCALES[lang],
      defaultLocale: INTL_LOCALES.en,
      messages: CATALOGUES[lang] as Record<string, string>,
      // A missing key is the catalogue test's to catch; at run time the key itself is shown.
      onError: () => {},
    },
    cache,
  );
  return translatorOf(intl, lang);
}

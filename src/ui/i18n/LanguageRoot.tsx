import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LANGUAGE_TAGS, matchLanguage, type Language } from '../../i18n/languages';
import { loadCatalogue } from '../../i18n/load-catalogue';
import type { Catalogue } from '../../i18n/translator';
import { useAppStore } from '../../store/app-store';
import { WordsProvider } from './words';

/** The language the page shows: the one chosen in the header, else the first of the browser's it speaks. */
export function pageLanguage(chosen: Language | null): Language {
  return chosen ?? matchLanguage(navigator.languages ?? [navigator.language]);
}

function subscribeLanguages(changed: () => void): () => void {
  window.addEventListener('languagechange', changed);
  return () => window.removeEventListener('languagechange', changed);
}

/** Marks the document with the language shown: screen readers and hyphenation read `<html lang>`. */
export function markDocumentLanguage(lang: Language): void {
  document.documentElement.lang = LANGUAGE_TAGS[lang];
}

export interface Shown {
  lang: Language;
  catalogue: Catalogue;
}

/**
 * The page in the user's language: it follows the choice in the header, or
 * the browser's languages as they change, loading a language's catalogue
 * before switching to it (the page never shows keys), and keeps `<html lang>`
 * in step.
 */
export function LanguageRoot({ initial, children }: { initial: Shown; children: ReactNode }) {
  const chosen = useAppStore((s) => s.language);
  const browser = useSyncExternalStore(subscribeLanguages, () => pageLanguage(null));
  const lang = chosen ?? browser;
  const [shown, setShown] = useState(initial);
  useEffect(() => {
    if (lang === shown.lang) return;
    let current = true;
    // A chunk that cannot load (offline before it was ever cached): the page stays in the language it shows.
    loadCatalogue(lang).then(
      (catalogue) => current && setShown({ lang, catalogue }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [lang, shown.lang]);
  useEffect(() => markDocumentLanguage(shown.lang), [shown.lang]);
  return (
    <WordsProvider lang={shown.lang} catalogue={shown.catalogue}>
      {children}
    </WordsProvider>
  );
}

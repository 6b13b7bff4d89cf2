import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '../../i18n/languages';
import { useAppStore } from '../../store/app-store';
import { useWords } from './words';

/** The header's language choice: the browser's languages (the default), or one language, remembered. */
export function LanguageMenu() {
  const words = useWords();
  const chosen = useAppStore((s) => s.language);
  const setLanguage = useAppStore((s) => s.setLanguage);
  return (
    <select
      className="language-menu"
      aria-label={words.t('header.language')}
      title={words.t('header.language')}
      value={chosen ?? ''}
      onChange={(e) => setLanguage(isLanguage(e.target.value) ? e.target.value : null)}
    >
      <option value="">{words.t('header.languageAuto', { name: LANGUAGE_NAMES[words.lang] })}</option>
      {LANGUAGES.map((lang) => (
        // Each in its own words, so a user who cannot read the page still finds theirs.
        <option key={lang} value={lang} lang={lang === 'sr' ? 'sr-Latn' : lang}>
          {LANGUAGE_NAMES[lang]}
        </option>
      ))}
    </select>
  );
}

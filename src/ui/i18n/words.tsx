import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { INTL_LOCALES, type Language } from '../../i18n/languages';
import { translatorOf, type Catalogue, type MessageId, type Translator } from '../../i18n/translator';

/** Rich-text arguments: React nodes, or a tag's function (`<b>…</b>` → `b: (chunks) => <b>{chunks}</b>`). */
export type RichValues = Readonly<Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>>;

/** The page's words in the chosen language: the translator, and messages with React parts. */
export interface Words extends Translator {
  /** A message whose arguments or tags are React nodes (a link, a `<code>`). */
  rich(id: MessageId, values: RichValues): ReactNode;
}

const WordsContext = createContext<Words | null>(null);

/** The words of the language the page shows (WordsProvider above, LanguageRoot on the page). */
export function useWords(): Words {
  const words = useContext(WordsContext);
  if (!words) throw new Error('useWords outside a WordsProvider');
  return words;
}

function WordsOfIntl({ lang, children }: { lang: Language; children: ReactNode }) {
  const intl = useIntl();
  const words = useMemo<Words>(
    () => ({
      ...translatorOf(intl, lang),
      rich: (id, values) => intl.formatMessage({ id }, values as Record<string, ReactNode>),
    }),
    [intl, lang],
  );
  return <WordsContext.Provider value={words}>{children}</WordsContext.Provider>;
}

/** FormatJS's provider over one language's catalogue (react-intl), and the page's words over it. */
export function WordsProvider({
  lang,
  catalogue,
  children,
}: {
  lang: Language;
  catalogue: Catalogue;
  children: ReactNode;
}) {
  return (
    <IntlProvider
      locale={INTL_LOCALES[lang]}
      defaultLocale={INTL_LOCALES.en}
      messages={catalogue as Record<string, string>}
      textComponent="span"
    >
      <WordsOfIntl lang={lang}>{children}</WordsOfIntl>
    </IntlProvider>
  );
}

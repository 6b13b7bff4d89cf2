import { translatorFor } from '../i18n/catalogues';
import { languageOfEnv, languageOfTag, LANGUAGES } from '../i18n/languages';
import type { Translator } from '../i18n/translator';
import { UsageError, stringOption, type ParsedArgs } from './args';

export const LANG_USAGE = `[--lang ${LANGUAGES.join('|')}]`;

/**
 * The words a command prints in: `--lang`, else the POSIX locale (LC_ALL,
 * LC_MESSAGES, LANG; `languageOfEnv` says how `sr_RS` and `sr_RS@latin`
 * are read), else English.
 */
export function langOption(
  parsed: ParsedArgs,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Translator {
  const given = stringOption(parsed, 'lang');
  if (given === undefined) return translatorFor(languageOfEnv(env));
  // A tag as a browser writes it (tr-TR, sr-Latn) is read as the page reads navigator.languages.
  const lang = languageOfTag(given);
  if (!lang) throw new UsageError(`--lang must be one of ${LANGUAGES.join(', ')}, not "${given}"`);
  return translatorFor(lang);
}

/*
 * The languages the editor speaks and how one is chosen: the page from the
 * browser's languages (navigator.languages) unless the user picked one in the
 * header, the CLI from --lang or the POSIX locale (LC_ALL, LC_MESSAGES,
 * LANG). Framework-free: the page, the CLI and tests share it.
 */

export const LANGUAGES = ['en', 'tr', 'sr', 'sr-Cyrl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language in its own words, as the language menu lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  tr: 'Türkçe',
  sr: 'Srpski (latinica)',
  'sr-Cyrl': 'Српски (ћирилица)',
};

/** The BCP 47 tag of `<html lang>`: Serbian names its script, since both are written. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en', tr: 'tr', sr: 'sr-Latn', 'sr-Cyrl': 'sr-Cyrl' };

/**
 * The locale Intl formats numbers and dates in. English is en-GB: "3 Mar
 * 2026, 12:03:41" as the page always wrote, and 1,000,000 as en-US would.
 */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-GB', tr: 'tr', sr: 'sr-Latn', 'sr-Cyrl': 'sr-Cyrl' };

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

/**
 * The language one BCP 47 tag asks for, or null when it is none of ours.
 * Serbian without a script is read as Latin (the script the Serbian web and
 * its sitemap guides write in); Bosnian, Croatian, Montenegrin and
 * Serbo-Croatian readers read Serbian Latin as their own, so they get it too
 * (Cyrillic when the tag names that script).
 */
export function languageOfTag(tag: string): Language | null {
  const [lang = '', ...rest] = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  if (lang === 'en') return 'en';
  if (lang === 'tr') return 'tr';
  if (lang === 'sr' || lang === 'bs' || lang === 'hr' || lang === 'sh' || lang === 'cnr')
    return rest.includes('cyrl') ? 'sr-Cyrl' : 'sr';
  return null;
}

/** The first of the user's languages (most preferred first) that the editor speaks; English when none. */
export function matchLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lang = languageOfTag(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The CLI's language from the POSIX locale, in the order that decides the
 * language of messages: LC_ALL, LC_MESSAGES, LANG (the first one set and not
 * empty), each `ll_CC.codeset@modifier`. `tr_TR.UTF-8` is Turkish; Serbian's
 * script is glibc's: `sr_RS` is Cyrillic, `sr_RS@latin` Latin, and the
 * locales of the neighbours (`bs_BA`, `hr_HR`, `sr_ME`) Latin unless
 * `@cyrillic`; `C` and `POSIX` are English.
 */
export function languageOfEnv(env: Readonly<Record<string, string | undefined>>): Language {
  const value = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  const parts = /^([A-Za-z]+)(?:_([A-Za-z]+))?(?:\.[^@]*)?(?:@(.*))?$/.exec(value ?? '');
  if (!parts) return DEFAULT_LANGUAGE;
  const [, name = '', region = '', modifier = ''] = parts;
  const lang = languageOfTag(name);
  if (lang !== 'sr') return lang ?? DEFAULT_LANGUAGE;
  if (/^latin$/i.test(modifier)) return 'sr';
  if (/^cyrillic$/i.test(modifier)) return 'sr-Cyrl';
  return name.toLowerCase() === 'sr' && (region === '' || region.toUpperCase() === 'RS') ? 'sr-Cyrl' : 'sr';
}

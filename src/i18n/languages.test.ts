import { describe, expect, it } from 'vitest';
import { languageOfEnv, matchLanguage } from './languages';

describe('matchLanguage (navigator.languages)', () => {
  it.each([
    [['tr-TR', 'en-US'], 'tr'],
    [['tr'], 'tr'],
    [['sr'], 'sr'],
    [['sr-RS'], 'sr'],
    [['sr-Latn-RS'], 'sr'],
    [['sr-Cyrl'], 'sr-Cyrl'],
    [['sr-Cyrl-RS', 'en'], 'sr-Cyrl'],
    [['bs-BA'], 'sr'],
    [['hr'], 'sr'],
    [['cnr-ME'], 'sr'],
    [['bs-Cyrl'], 'sr-Cyrl'],
    [['de-DE', 'tr'], 'tr'],
    [['en-US', 'tr'], 'en'],
    [['de', 'fr'], 'en'],
    [[], 'en'],
    [['mk'], 'en'],
  ])('%j → %s', (tags, lang) => {
    expect(matchLanguage(tags)).toBe(lang);
  });
});

describe('languageOfEnv (LC_ALL, LC_MESSAGES, LANG)', () => {
  it.each([
    [{ LANG: 'tr_TR.UTF-8' }, 'tr'],
    [{ LANG: 'sr_RS.UTF-8' }, 'sr-Cyrl'],
    [{ LANG: 'sr_RS.UTF-8@latin' }, 'sr'],
    [{ LANG: 'sr_RS@latin' }, 'sr'],
    [{ LANG: 'sr_ME.UTF-8' }, 'sr'],
    [{ LANG: 'hr_HR.UTF-8' }, 'sr'],
    [{ LANG: 'C.UTF-8' }, 'en'],
    [{ LANG: 'POSIX' }, 'en'],
    [{ LANG: 'de_DE.UTF-8' }, 'en'],
    [{}, 'en'],
    [{ LANG: 'en_US.UTF-8', LC_MESSAGES: 'tr_TR.UTF-8' }, 'tr'],
    [{ LANG: 'tr_TR.UTF-8', LC_MESSAGES: 'sr_RS@latin', LC_ALL: 'en_GB.UTF-8' }, 'en'],
    [{ LANG: 'tr_TR.UTF-8', LC_ALL: '' }, 'tr'],
  ])('%j → %s', (env, lang) => {
    expect(languageOfEnv(env)).toBe(lang);
  });
});

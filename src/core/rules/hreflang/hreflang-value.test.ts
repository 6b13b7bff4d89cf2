import { describe, expect, it } from 'vitest';
import { hreflangValueDefect } from './hreflang-value';

describe('hreflangValueDefect', () => {
  it.each([
    'en',
    'de',
    'EN-gb',
    'en-US',
    'pt-BR',
    'zh-Hans',
    'zh-Hant-TW',
    'fil',
    'yue-HK',
    'x-default',
    'X-Default',
    'iw',
    'uk',
    'se',
    'es-LA',
  ])('%s is read by engines', (value) => expect(hreflangValueDefect(value)).toBe(''));

  it.each([
    ['', 'is empty'],
    [' en', 'has white space around it'],
    ['x-default ', 'has white space around it'],
    ['en_US', 'uses "_" where BCP 47 wants "-"; write en-US'],
    [
      'en_UK',
      'uses "_" where BCP 47 wants "-", and even as en-UK it has the region "UK", which is not an ISO 3166-1 code; use GB (the United Kingdom)',
    ],
    ['en-UK', 'has the region "UK", which is not an ISO 3166-1 code; use GB (the United Kingdom)'],
    [
      'en-EU',
      'has the region "EU", which is not an ISO 3166-1 code; use a country such as DE (the EU has no region code)',
    ],
    ['de-XY', 'has the region "XY", which is not an ISO 3166-1 country code'],
    ['jp', 'starts with "jp", which is a country, not an ISO 639-1 language code; use ja (Japanese)'],
    ['cz-CZ', 'starts with "cz", which is a country, not an ISO 639-1 language code; use cs (Czech)'],
    ['qq', 'starts with "qq", which is not an ISO 639-1 language code'],
    ['es-419', 'uses a numeric region (UN M.49, such as 419); Google reads only two-letter ISO 3166-1 regions'],
    ['english', 'is not a language code with an optional region, such as en, en-GB or zh-Hant'],
    ['en-USA', 'is not a language code with an optional region, such as en, en-GB or zh-Hant'],
    ['de-DE-1996', 'is not a language code with an optional region, such as en, en-GB or zh-Hant'],
  ])('%j: %s', (value, why) => expect(hreflangValueDefect(value)).toBe(why));
});

import { describe, expect, it } from 'vitest';
import { RULES } from '../core/rules/registry';
import { CATALOGUES, translatorFor } from './catalogues';
import { LANGUAGES } from './languages';
import { ruleKey, ruleWords } from './rule-words';

describe("a rule's words", () => {
  it('are the rule module’s own words in English, every title and fix', () => {
    const en = translatorFor('en');
    for (const rule of RULES) {
      expect(ruleWords(rule.code, en), rule.code).toEqual({
        title: rule.title,
        searchConsole: rule.searchConsole,
        searchConsoleLang: 'en',
        fix: rule.fix,
      });
    }
  });

  it.each(LANGUAGES)('has a title for every rule in %s, and a fix for every rule that has one, no other', (lang) => {
    const catalogue = CATALOGUES[lang] as Record<string, string>;
    const want = RULES.flatMap((r) => [ruleKey(r.code, 'title'), ...(r.fix ? [ruleKey(r.code, 'fix')] : [])]).sort();
    expect(
      Object.keys(catalogue)
        .filter((k) => k.startsWith('rule.'))
        .sort(),
    ).toEqual(want);
  });

  it('reads Turkish and Serbian where they are written, keeping Search Console’s name in English', () => {
    const tr = ruleWords('changefreq-value', translatorFor('tr'));
    expect(tr.title).toContain('changefreq');
    expect(tr.title).not.toBe(translatorFor('en').t(ruleKey('changefreq-value', 'title')));
    expect(tr.fix).toContain('her ay');
    expect(tr).toMatchObject({ searchConsole: 'Invalid tag value', searchConsoleLang: 'en' });
    expect(ruleWords('not-a-sitemap', translatorFor('sr')).title).toBe(
      'Datoteka nije mapa sajta (koren joj nije <urlset> ni <sitemapindex>)',
    );
    expect(ruleWords('loc-duplicate', translatorFor('sr-Cyrl')).title).toBe('Исти URL се појављује више пута');
  });
});

import { ruleFor, type RuleCode } from '../core/rules/registry';
import type { MessageId, Translator } from './translator';

/** A rule's words as the page and the CLI show them. */
export interface RuleWords {
  /** The plain sentence ("A URL is listed more than once"), in the reader's language. */
  title: string;
  /** Search Console's name of the problem, '' when Search Console has none. */
  searchConsole: string;
  /**
   * The language Search Console's name is in. Always English for now: its
   * Turkish and Serbian names are not known to us word for word, and a
   * guessed name would send users searching for words Search Console does
   * not show (the page marks it `lang="en"`).
   */
  searchConsoleLang: string;
  /** What its fix does ('' for none): Fix all's title, or how the export handles it. */
  fix: string;
}

/** The catalogue key of a rule's title or fix (en.json holds the rule modules' English, held to it by rule-words.test.ts). */
export function ruleKey(code: RuleCode, part: 'title' | 'fix'): MessageId {
  return `rule.${code}.${part}` as MessageId;
}

/**
 * The one place the page and the CLI read a rule's words from: its title
 * and fix from the catalogue of the reader's language (English there is the
 * rule module's own words), Search Console's name as the module writes it.
 */
export function ruleWords(code: RuleCode, words: Translator): RuleWords {
  const rule = ruleFor(code);
  return {
    title: words.t(ruleKey(code, 'title')),
    searchConsole: rule.searchConsole,
    searchConsoleLang: 'en',
    fix: rule.fix ? words.t(ruleKey(code, 'fix')) : '',
  };
}

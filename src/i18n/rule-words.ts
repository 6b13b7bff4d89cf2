import { ruleFor } from '../core/rules/registry';
import type { RuleCode } from '../core/rules/registry';
import type { Translator } from './translator';

/** A rule's words as the page and the CLI show them. */
export interface RuleWords {
  /** The plain sentence ("A URL is listed more than once"). */
  title: string;
  /** Search Console's name of the problem, '' when Search Console has none. */
  searchConsole: string;
  /**
   * The language Search Console's name is in: the reader's when Search
   * Console's own words in that language are known, else English (the page
   * marks it then, `lang="en"`).
   */
  searchConsoleLang: string;
  /** What its fix does ('' for none): Fix all's title, or how the export handles it. */
  fix: string;
}

/**
 * The one place the page and the CLI read a rule's words from. Part 1 of
 * issue 30: core's English, in every language (the rules are being moved
 * into modules by issue 28). Part 2 keys them, `rule.<code>.title`,
 * `rule.<code>.console`, `rule.<code>.fix` in each catalogue, read here
 * through `words`; a language whose Search Console name is not known falls
 * back to English, marked by `searchConsoleLang`.
 */
export function ruleWords(code: RuleCode, words: Translator): RuleWords {
  const rule = ruleFor(code);
  void words;
  return { title: rule.title, searchConsole: rule.searchConsole, searchConsoleLang: 'en', fix: rule.fix };
}

import type { Translator } from '../../i18n/translator';

/**
 * A branch's coverage by a crawl export, compact ("3 not crawled · 2
 * missing"), as the structure tree and the diagram's boxes show it; '' without
 * a crawl export or when the branch has neither.
 */
export function coverageWords(node: { notCrawled?: number; missing?: number }, words: Translator): string {
  const parts: string[] = [];
  if (node.notCrawled) parts.push(words.t('tree.notCrawled', { count: node.notCrawled }));
  if (node.missing) parts.push(words.t('tree.missing', { count: node.missing }));
  return parts.join(' · ');
}

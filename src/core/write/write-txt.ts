import { cleanLocText, unpadded, type EscapeStats } from './escape';

/**
 * One line of a text sitemap: the URL and LF, nothing else (SPEC §1). Control
 * characters are percent-encoded so a URL can never break across lines.
 */
export function txtEntry(loc: string, stats?: EscapeStats): string {
  return cleanLocText(unpadded(loc, stats), stats) + '\n';
}

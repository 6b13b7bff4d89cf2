import type { SiteData } from '../rows/types';
import type { TextKind } from '../rules/file/sniff';
import { readCrawlExport } from './crawl-export';
import { isRobotsTxt } from '../rules/site-data/robots';

/**
 * A robots.txt (text whose lines are all directives) or a crawl export (CSV
 * with a URL and a status code column) read as data, or null when the text is
 * a sitemap. Judged by content, whatever the file is called.
 */
export function readSiteData(text: string, kind: TextKind): SiteData | null {
  if (kind === 'text' && isRobotsTxt(text)) return { kind: 'robots', text };
  if (kind === 'csv') {
    const pages = readCrawlExport(text);
    if (pages) return { kind: 'crawl', pages };
  }
  return null;
}

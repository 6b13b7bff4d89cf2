import { fileUrl, normalizeSiteUrl } from '../../core/write/names';
import type { PlannedFile } from '../../core/write/options';

/**
 * The robots.txt lines a planned export will give, for the preview before
 * writing: the index(es), or the single sitemap (as core's export writes
 * them; the download then shows the export's own lines).
 */
export function plannedRobotsTxt(files: PlannedFile[], siteUrl: string): string {
  const indexes = files.filter((f) => f.kind === 'index');
  const listed = indexes.length > 0 ? indexes : files.slice(0, 1);
  const base = normalizeSiteUrl(siteUrl);
  return listed.map((f) => `Sitemap: ${fileUrl(base, f.name)}\n`).join('');
}

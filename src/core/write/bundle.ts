import { zipSync, type Zippable } from 'fflate';
import type { ExportResult } from './options';

/**
 * A fixed member time, so the same export gives the same zip bytes. fflate
 * writes DOS times from the Date's local-time fields; a Date built from local
 * fields reads back the same fields in any time zone. 1980-01-01 is the DOS epoch.
 */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

/** Name of the robots.txt member of a bundle. */
export const ROBOTS_TXT_NAME = 'robots.txt';

/**
 * One zip holding every exported file and a `robots.txt` with the Sitemap
 * lines to copy. Deterministic: fixed member times, members in result order.
 * Gzipped members are stored (deflating them again only costs time), the
 * others deflated at level 6.
 */
export function bundleZip(result: ExportResult): Uint8Array {
  const members: Zippable = {};
  for (const f of result.files) {
    members[f.name] = [f.data, { level: f.name.endsWith('.gz') ? 0 : 6, mtime: FIXED_MTIME }];
  }
  if (result.robotsTxt !== '') {
    members[ROBOTS_TXT_NAME] = [new TextEncoder().encode(result.robotsTxt), { level: 6, mtime: FIXED_MTIME }];
  }
  return zipSync(members);
}

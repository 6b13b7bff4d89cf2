import type { SitemapSet } from '../read/sitemap-set';
import type { SourceKind } from '../rows/types';
import type { CheckResult } from './check-result';
import { EXT_SEVERITY_MASKS, lowestBit, ROW_SEVERITY_MASKS, severityOfBit } from '../rules/bits';
import { EXT_RULES_BIT } from '../rules/rule';

/**
 * One sitemap's line in a status list like Search Console's Sitemaps report:
 * what it holds and how many errors and warnings were found in it.
 */
export interface FileStatus {
  /** The file's name (a zip member is `bundle.zip/a.xml`). */
  file: string;
  kind: SourceKind;
  /** URLs it lists (for an index: its sitemaps). */
  urls: number;
  errors: number;
  warnings: number;
  /** Nothing could be read from it as a sitemap (not a sitemap, not decompressed, empty, binary). */
  unreadable: boolean;
}

/** Severity masks of the bits (rules/bits.ts): a row's counts are then popcounts, and the few rules a mark decides. */
const ROW = ROW_SEVERITY_MASKS;
const EXT = EXT_SEVERITY_MASKS;

/**
 * The status of every sitemap file of a set, in import order: its file-level
 * problems, and those of its rows (each occurrence counts, as in the
 * Problems panel). Data files (robots.txt, crawl exports) are not sitemaps
 * and are left out. One pass over the rows' masks.
 */
export function fileStatuses(set: SitemapSet, result: CheckResult): FileStatus[] {
  const out: FileStatus[] = set.files.map((f) => ({
    file: f.name,
    kind: f.kind,
    urls: f.count,
    errors: 0,
    warnings: 0,
    unreadable: f.kind === 'none',
  }));
  const byName = new Map(out.map((s, k) => [s.file, k]));
  for (const p of result.problems) {
    const s = p.file === undefined ? undefined : out[byName.get(p.file) ?? -1];
    if (!s) continue;
    if (p.severity === 'error') s.errors++;
    else if (p.severity === 'warning') s.warnings++;
  }
  const rows = set.rows;
  for (let i = 0; i < rows.length; i++) {
    const mask = result.rowCodes[i] ?? 0;
    if (mask === 0) continue;
    const s = out[rows.file[i] ?? 0];
    if (!s) continue;
    s.errors += popcount(mask & ROW.errors);
    s.warnings += popcount(mask & ROW.warnings);
    for (let rest = mask & ROW.marked; rest !== 0; rest &= rest - 1) {
      if (severityOfBit(lowestBit(rest), mask) === 'error') s.errors++;
      else s.warnings++;
    }
    if (mask & EXT_RULES_BIT) {
      const ext = result.extCodes.get(i) ?? 0;
      s.errors += popcount(ext & EXT.errors);
      s.warnings += popcount(ext & EXT.warnings);
    }
  }
  return out.filter((s, k) => !set.files[k]?.siteData);
}

function popcount(x: number): number {
  let n = 0;
  for (let rest = x; rest !== 0; rest &= rest - 1) n++;
  return n;
}

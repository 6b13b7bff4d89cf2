import { lastmodTime } from '../edit/bulk';
import { formatLastmod, type LastmodForm } from './lastmod-form';

/**
 * The newest lastmod of each sitemap written, for its index entry. Google
 * reads an index's `<lastmod>` as when that sitemap last changed, that is
 * its newest page's lastmod; the export time says only when the file was
 * made, so it is the fallback for a sitemap none of whose rows has one.
 */
export class NewestLastmods {
  private readonly times: number[] = [];
  private readonly values: string[] = [];

  /** Notes the lastmod of a row written into sitemap `file` (0-based, in writing order). */
  note(file: number, lastmod: string): void {
    if (lastmod === '') return;
    const t = lastmodTime(lastmod);
    // A value no date can be read from (the checker reports it) is never the index's.
    if (t === -Infinity) return;
    if (!(t <= (this.times[file] ?? -Infinity))) {
      this.times[file] = t;
      this.values[file] = lastmod;
    }
  }

  /**
   * The index `<lastmod>` of sitemap `file`: its newest row lastmod, written
   * in the export's lastmod form and completed for the schema as the rows'
   * are, or `fallback` when none of its rows has a readable one.
   */
  valueFor(file: number, form: LastmodForm, fallback: string): string {
    const v = this.values[file];
    return v === undefined ? fallback : formatLastmod(v.trim(), form);
  }
}

/*
 * The extension rules across rows: hreflang alternates that do not link back,
 * and news sitemaps over 1,000 entries. Kept incremental: an index of who
 * lists whom lets an edit re-check just the rows it can change, so rows
 * without extensions never cost anything, at import or at an edit.
 */
import { beat } from '../base/beat';
import { hreflangLinks, newsCount } from '../rows/ext-read';
import type { UrlRows } from '../rows/rows';
import type { SourceFile } from '../rows/types';
import { HreflangIndex } from '../rules/hreflang/hreflang-index';
import { HREFLANG_BIT } from '../rules/hreflang/hreflang-rules';
import { extOwnMask } from '../rules/modules';
import { NewsPerFile } from '../rules/news/news';
import type { Problem } from '../rules/problem';
import type { Unreciprocated } from '../rules/rule';

/** Which rows have a given loc (the checker's duplicate index answers it), walked without allocating. */
export interface LocLookup {
  /** The first position whose loc is exactly `loc`, or -1. */
  firstAt(loc: string): number;
  /** The next position with the same loc as `pos`, or -1. */
  nextAt(pos: number): number;
}

export class ExtCheck {
  private readonly alternates: HreflangIndex;
  /** `<news:news>` elements of each row that has any. */
  private readonly news = new Map<number, number>();
  /** `<news:news>` elements per source file (index into the set's files). */
  private readonly newsPerFile = new NewsPerFile<number>();
  /** Set by {@link recheck} when a news count moved: news-too-many must be refreshed. */
  newsChanged = false;

  constructor(rowCount: number) {
    this.alternates = new HreflangIndex(rowCount);
  }

  /**
   * Every extension mask of the set (only non-zero ones): `extRows` are the
   * positions of the rows that have extension elements, ascending.
   */
  build(rows: UrlRows, extRows: readonly number[], lookup: LocLookup): Map<number, number> {
    // A million alternates take seconds: a beat per row (core/beat.ts).
    for (const p of extRows) {
      this.index(rows, p);
      beat();
    }
    const masks = new Map<number, number>();
    for (const p of extRows) {
      beat();
      const m = this.maskOf(rows, p, lookup);
      if (m !== 0) masks.set(p, m);
    }
    return masks;
  }

  /**
   * After the rows at `positions` changed (their loc was `oldLocs[k]`): the
   * new extension mask (0 included) of every row whose mask may have
   * changed: the edited rows and the rows listing an edited row's old or new
   * URL as an alternate (their pair may now link back, or not any more).
   */
  recheck(
    rows: UrlRows,
    positions: ArrayLike<number>,
    oldLocs: readonly string[],
    lookup: LocLookup,
  ): Map<number, number> {
    const affected = new Set<number>();
    const add = (q: number) => affected.add(q);
    for (let k = 0; k < positions.length; k++) {
      const p = positions[k] as number;
      affected.add(p);
      this.alternates.forEachLister((oldLocs[k] ?? '').trim(), add);
      this.alternates.forEachLister(rows.loc.get(p).trim(), add);
    }
    this.newsChanged = false;
    for (let k = 0; k < positions.length; k++) {
      const p = positions[k] as number;
      const before = this.news.get(p) ?? 0;
      this.unindex(rows, p);
      this.index(rows, p);
      if ((this.news.get(p) ?? 0) !== before) this.newsChanged = true;
    }
    const masks = new Map<number, number>();
    for (const p of affected) masks.set(p, this.maskOf(rows, p, lookup));
    return masks;
  }

  /** The alternates of row `p` that are in the set but do not list it back, up to `limit`. */
  unreciprocated(rows: UrlRows, p: number, lookup: LocLookup, limit = Infinity): Unreciprocated[] {
    const out: Unreciprocated[] = [];
    const page = rows.loc.get(p).trim();
    for (const link of hreflangLinks(rows.ext[p])) {
      if (out.length >= limit) break;
      const href = link.href.trim();
      if (this.linksBack(p, page, href, lookup) === false) out.push({ hreflang: link.hreflang, href });
    }
    return out;
  }

  /** news-too-many for every file over the limit. */
  newsProblems(files: readonly SourceFile[]): Problem[] {
    return this.newsPerFile.problems((file) => files[file]?.name);
  }

  /**
   * Whether the rows at `href` list row `p`'s URL (`page`, trimmed) back:
   * true or false, or null when the pair is not this rule's business (no row
   * has that URL, or it is the row itself).
   */
  private linksBack(p: number, page: string, href: string, lookup: LocLookup): boolean | null {
    if (href === '' || page === '' || href === page) return null;
    let inSet = false;
    for (let q = lookup.firstAt(href); q >= 0; q = lookup.nextAt(q)) {
      if (q === p) continue;
      inSet = true;
      if (this.alternates.lists(q, page)) return true;
    }
    return inSet ? false : null;
  }

  private maskOf(rows: UrlRows, p: number, lookup: LocLookup): number {
    const ext = rows.ext[p];
    if (ext === undefined) return 0;
    const loc = rows.loc.get(p);
    let m = extOwnMask(loc, ext);
    const first = this.alternates.first(p);
    const page = first >= 0 ? loc.trim() : '';
    for (let s = first; s >= 0; s = this.alternates.next(s)) {
      if (this.linksBack(p, page, this.alternates.href(s), lookup) === false) {
        m |= HREFLANG_BIT.notReciprocal;
        break;
      }
    }
    return m;
  }

  private index(rows: UrlRows, p: number): void {
    const ext = rows.ext[p];
    this.alternates.addRow(p, ext);
    const n = newsCount(ext);
    if (n > 0) {
      this.news.set(p, n);
      this.newsPerFile.add(rows.file[p] ?? 0, n);
    }
  }

  private unindex(rows: UrlRows, p: number): void {
    this.alternates.removeRow(p);
    const n = this.news.get(p);
    if (n !== undefined) {
      this.news.delete(p);
      this.newsPerFile.add(rows.file[p] ?? 0, -n);
    }
  }
}

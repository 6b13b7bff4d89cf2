import { isFiltered, queryRows, type ViewQuery } from '../core/view/query';
import type { CheckResult } from '../core/check/check-result';
import type { SitemapSet } from '../core/read/sitemap-set';

/**
 * The positions of the rows the table shows, in order. While nothing is
 * sorted or filtered (as after every import) they are 0, 1, … n − 1 and no
 * array holds them: 4 bytes a URL of the worker's heap (issue 13, SPEC §6's
 * 120 B a URL). A sort or a filter holds its order as queryRows gives it.
 */
export class ViewRows {
  private constructor(
    /** The order, or null for the first {@link length} positions in turn. */
    private readonly order: Uint32Array | null,
    readonly length: number,
  ) {}

  static readonly EMPTY = new ViewRows(new Uint32Array(0), 0);

  /** The view a query gives over the set (see queryRows). */
  static of(set: SitemapSet, result: CheckResult, query: ViewQuery, diffKinds?: Uint8Array): ViewRows {
    if (!query.sort && !isFiltered(query)) return new ViewRows(null, set.rows.length);
    const order = queryRows(set, result, query, diffKinds);
    return new ViewRows(order, order.length);
  }

  /** The position of the row shown `k`-th (k below {@link length}). */
  at(k: number): number {
    return this.order === null ? k : (this.order[k] as number);
  }

  /** Where position `pos` is shown, or -1. */
  indexOf(pos: number): number {
    if (this.order !== null) return this.order.indexOf(pos);
    return Number.isInteger(pos) && pos >= 0 && pos < this.length ? pos : -1;
  }

  /** The same view with position `pos` shown last (a new row). */
  appended(pos: number): ViewRows {
    if (this.order === null && pos === this.length) return new ViewRows(null, this.length + 1);
    const order = new Uint32Array(this.length + 1);
    order.set(this.array());
    order[this.length] = pos;
    return new ViewRows(order, order.length);
  }

  /**
   * The positions as an array, for the passes that take one (bulk edits, CSV,
   * the lastmod chart): the view's own array, or a new one of the identity
   * that they drop when done.
   */
  array(): Uint32Array {
    if (this.order !== null) return this.order;
    const all = new Uint32Array(this.length);
    for (let i = 0; i < all.length; i++) all[i] = i;
    return all;
  }
}

/* What the structure tree answers: its branches and their counts (tree.ts counts them). */

/** One branch of the structure tree: a host, a path segment, or the not-absolute bucket. */
export interface TreeNode {
  /** The loc prefix this branch stands for ('https://www.example.com/blog'), or the not-absolute key (tree-keys.ts). */
  key: string;
  /** What the tree shows: the host ('www.example.com'; the scheme when not https), or the segment ('blog'). */
  label: string;
  /** Rows at or under this branch. */
  urls: number;
  /** Of those, rows with at least one problem. */
  problems: number;
  /** Of those, rows with at least one error, and rows with at least one warning (a row can be both). */
  errors: number;
  warnings: number;
  /** The newest lastmod among them without a format or validity problem (as written); '' when none has one. */
  newestLastmod: string;
  /** Whether some row lies deeper than this branch. */
  hasChildren: boolean;
  /**
   * The position of the branch's own page, the first row whose loc is the key
   * or the key and '/' ('…/blog', '…/blog/'); -1 when no row is. Valid while
   * the rows do not move (the levels are counted at a revision of them).
   */
  page: number;
  /** With a crawl export: rows the crawl never reached, and the crawl's indexable pages no row lists (tree-coverage.ts). */
  notCrawled?: number;
  missing?: number;
}

export interface TreeChildren {
  /** By URL count (descending), then label; at most the limit asked for. */
  children: TreeNode[];
  /** Branches left out by the limit, and the rows they hold. */
  omitted: number;
  omittedUrls: number;
}

/** Children sent per request: a flat site of a million pages must not send a million nodes. */
export const DEFAULT_TREE_LIMIT = 500;

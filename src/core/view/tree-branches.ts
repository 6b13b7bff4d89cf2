import type { BranchCoverage } from './tree-coverage';
import type { UintArray } from '../rows/typed-arrays';

/**
 * Which child of one level each row fell in, as a pass recorded it: a later
 * pass for a branch under one of them goes through that child's rows only.
 * Opening a box of the diagram went through a million rows to count the
 * tenth of them in it. Valid while the rows and their check stay as they were.
 */
export interface RowBranches {
  key: string;
  /** By row: 0 for a row in none of the children, else the child's number. */
  rows: UintArray;
  numbers: Map<string, number>;
}

/**
 * What a pass may do besides counting: record a level's {@link RowBranches},
 * count only the rows of some of a recorded level's children, or stop at a
 * number of children.
 */
export interface PassOptions {
  record?: string;
  only?: { of: RowBranches; children: readonly string[] };
  /**
   * At most this many children in all the levels asked: the pass stops at
   * the first one more (TreeLevelsPass.overflowed), before it builds a
   * million of them. The whole board asks a depth this way: it only needs to
   * know that the depth does not fit.
   */
  maxChildren?: number;
  /** A crawl export's coverage: each branch then counts the rows the crawl never reached and the pages no row lists. */
  coverage?: BranchCoverage | null;
}

/* What the tree's pass (tree.ts) gathers per child of a level while the rows go by. */
import type { CoverageAcc } from './tree-coverage';
import type { Newest } from './tree-newest';

/** A child's counts; `L` is the pass's level. */
export interface BranchAcc<L> extends Newest, CoverageAcc {
  urls: number;
  problems: number;
  errors: number;
  warnings: number;
  hasChildren: boolean;
  /** The child's own level when it is asked for too (or lies on the way to one), so the row goes on down. */
  next: L | null;
  /** The child's key, the hash of its last segment (0 for a host), and the next child whose segment has the same hash. */
  key: string;
  hash: number;
  collision: BranchAcc<L> | null;
  /** Its number among the level's children (1 up, in the order met; 0 at the top level). */
  id: number;
  /** The first row that is the child's own page, -1 until one is met. */
  page: number;
}

export function newAcc<L>(key: string, hash: number, next: L | null): BranchAcc<L> {
  return {
    urls: 0,
    problems: 0,
    errors: 0,
    warnings: 0,
    newest: '',
    newestCode: -1,
    hasChildren: false,
    next,
    key,
    hash,
    collision: null,
    id: 0,
    page: -1,
    notCrawled: 0,
    missing: 0,
  };
}

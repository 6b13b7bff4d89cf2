import { cutLevel } from './diagram-levels';
import { NOT_ABSOLUTE_KEY } from '../text/url-branches';
import { type TreeChildren } from './tree-node';

/** Boxes the whole board holds at most: every page of a site up to this size. */
export const BOARD_BOXES = 2000;

/**
 * Which levels make up the whole board within a number of boxes, found one
 * depth at a time: the top level, then every branch of each level accepted
 * so far, while all of a depth fits; the first depth that does not fit is
 * left out whole (its parents show their counts), so every branch is drawn
 * down to the same depth. When not even the first level fits, it is cut to
 * its biggest branches and an "N more" box each. The caller counts the
 * levels {@link next} asks for (a pass over the rows a depth) and gives them
 * to {@link take}.
 */
export class BoardLevels {
  readonly levels = new Map<string, TreeChildren>();
  /** The keys whose levels the next depth is made of; null before the top level is counted. */
  private frontier: string[] | null = null;
  private boxes = 1;
  private first = true;
  private done = false;
  /** Whether a depth was left out (or the first level cut): the board does not hold every page. */
  cut = false;

  constructor(readonly budget = BOARD_BOXES) {}

  /**
   * The most children the next depth may have and still fit (a pass may stop
   * at one more: see {@link take}'s `overflowed`); undefined for the first
   * level, which is counted whole (cut to its biggest when it does not fit).
   */
  room(): number | undefined {
    return this.first || this.frontier === null || this.frontier[0] === '' ? undefined : this.budget - this.boxes;
  }

  /** The levels to count next (each to `budget` children); empty once the board is complete. */
  next(): string[] {
    if (this.done) return [];
    return this.frontier ?? [''];
  }

  /**
   * Takes the levels {@link next} asked for (more may be given: the top's
   * answer brings the lone host's along); `overflowed`: the pass stopped at
   * {@link room} children, so the depth does not fit.
   */
  take(counted: ReadonlyMap<string, TreeChildren>, overflowed = false): void {
    if (overflowed) {
      this.cut = true;
      return this.finish();
    }
    if (this.frontier === null) {
      const top = counted.get('');
      if (!top || top.children.length === 0) return this.finish();
      const only = top.children[0];
      // One host: the board starts at its box; several (or locs that are not absolute): under one root.
      this.frontier =
        top.children.length === 1 && top.omitted === 0 && only?.key !== NOT_ABSOLUTE_KEY ? [only.key] : [''];
      // The top level says which it is (diagramTree reads it); with one host it adds no box.
      this.levels.set('', top);
      if (!this.frontier.every((k) => counted.has(k))) return;
    }
    const keys = this.frontier;
    let total = 0;
    for (const key of keys) {
      const level = counted.get(key);
      if (!level) throw new Error(`The board's level ${key} was not counted.`);
      total += level.children.length + level.omitted;
    }
    if (this.boxes + total <= this.budget) {
      const next: string[] = [];
      for (const key of keys) {
        const level = counted.get(key) as TreeChildren;
        this.levels.set(key, level);
        for (const c of level.children) if (c.hasChildren) next.push(c.key);
      }
      this.boxes += total;
      this.first = false;
      this.frontier = next;
      if (next.length === 0) this.finish();
      return;
    }
    this.cut = true;
    if (this.first) {
      // Not even the first level fits: each of its levels keeps its biggest branches and an "N more" box.
      const each = Math.max(1, Math.floor((this.budget - this.boxes) / keys.length) - 1);
      for (const key of keys) this.levels.set(key, cutLevel(counted.get(key) as TreeChildren, each));
    }
    this.finish();
  }

  private finish(): void {
    this.done = true;
  }
}

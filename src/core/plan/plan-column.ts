import { isPlanFields, type PlanFields } from './plan-fields';

/** The plans of a document as saved: the row ids that have one, and their plans in the same order. */
export interface PlanSnapshot {
  ids: Uint32Array;
  fields: PlanFields[];
}

/**
 * The board's plan of each page, by stable row id. Sparse: a document of a
 * million imported rows plans a few hundred at most, so only the rows with a
 * plan cost anything (a Map entry and the strings), and the rows without one
 * nothing (the heap budget is 120 B a URL at a million). Rows keep their id
 * through every edit, so a plan follows its row wherever it moves.
 */
export class PlanColumn {
  private readonly byId = new Map<number, PlanFields>();

  get size(): number {
    return this.byId.size;
  }

  get(id: number): PlanFields | undefined {
    return this.byId.get(id);
  }

  /** Sets a row's plan; undefined removes it. */
  set(id: number, plan: PlanFields | undefined): void {
    if (plan === undefined) this.byId.delete(id);
    else this.byId.set(id, plan);
  }

  /** Forgets the plans of rows that are gone (removed rows take theirs along: see copyRows). */
  forget(ids: Iterable<number>): void {
    if (this.byId.size === 0) return;
    for (const id of ids) this.byId.delete(id);
  }

  entries(): IterableIterator<[number, PlanFields]> {
    return this.byId.entries();
  }

  /** The plans as data to save; undefined when there are none (a save without plans looks as before). */
  toSnapshot(): PlanSnapshot | undefined {
    if (this.byId.size === 0) return undefined;
    const ids = new Uint32Array(this.byId.size);
    const fields: PlanFields[] = [];
    let k = 0;
    for (const [id, plan] of this.byId) {
      ids[k++] = id;
      fields.push({ ...plan });
    }
    return { ids, fields };
  }

  /**
   * Takes in saved plans, keeping those of the rows in `ids` (a save of a row
   * that is gone is dropped). Throws a RangeError when the saved plans do not
   * hold together.
   */
  load(s: PlanSnapshot | undefined, ids: ReadonlySet<number>): void {
    this.byId.clear();
    if (s === undefined) return;
    if (!(s.ids instanceof Uint32Array) || !Array.isArray(s.fields) || s.fields.length !== s.ids.length)
      throw new RangeError('The saved rows are damaged: the plans do not match their rows.');
    for (let k = 0; k < s.ids.length; k++) {
      const plan = s.fields[k];
      if (!isPlanFields(plan)) throw new RangeError('The saved rows are damaged: a plan is not one.');
      const id = s.ids[k] as number;
      if (ids.has(id)) this.byId.set(id, { ...plan });
    }
  }
}

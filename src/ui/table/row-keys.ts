/**
 * React keys for the rows drawn, so scrolling reuses row elements instead of
 * building new ones. A position still drawn keeps its key; a position that
 * comes into view takes the key of one that left, in the order they were
 * drawn, so a jump of a whole window (a dragged scrollbar) updates every row
 * element in place, and a one-row scroll moves one element from one end to
 * the other. Keys never exceed the most rows ever drawn at once.
 */
export class RowKeys {
  private byPos = new Map<number, number>();
  /** Keys no row holds now (fewer rows were drawn than before), taken before new ones. */
  private spare: number[] = [];
  private next = 0;

  /** The key of each position, in the same order; positions must be distinct. */
  keysFor(positions: readonly number[]): number[] {
    const keys = new Array<number>(positions.length);
    const byPos = new Map<number, number>();
    const kept = new Set<number>();
    for (let i = 0; i < positions.length; i++) {
      const key = this.byPos.get(positions[i] as number);
      if (key !== undefined) {
        keys[i] = key;
        kept.add(key);
      }
    }
    // Free keys in the order their positions were drawn (a Map keeps insertion order).
    const free: number[] = [];
    for (const key of this.byPos.values()) if (!kept.has(key)) free.push(key);
    // spread-ok: spare keys are keys of rows drawn before, a screenful
    free.push(...this.spare);
    let f = 0;
    for (let i = 0; i < positions.length; i++) {
      if (keys[i] === undefined) keys[i] = f < free.length ? (free[f++] as number) : this.next++;
      byPos.set(positions[i] as number, keys[i] as number);
    }
    this.byPos = byPos;
    this.spare = free.slice(f);
    return keys;
  }
}

import { hasRawOrigin, majorityOf, originOf, rawOriginOf } from '../rules/loc/location';
import { pushAll } from '../base/push-all';

/** A located URL kept as an example until the most common origin is known. */
export interface OriginExample {
  /** Order of the row in the stream, to merge examples of several origins. */
  seq: number;
  loc: string;
  file: string;
  line: number;
  column: number;
}

interface OriginStats {
  count: number;
  examples: OriginExample[];
}

/** Origins whose first examples are kept; past it only counts (a link directory can list thousands of hosts). */
const MAX_ORIGINS_WITH_EXAMPLES = 256;

/**
 * The location rule without a Site URL, in one pass: the table path flags
 * every usable loc off the most common origin, which is known only at the
 * end. Counting per origin gives the exact number then (all usable locs but
 * the majority's), and the first examples of each origin give the first
 * examples off it. Memory grows with the number of origins, not of URLs.
 */
export class OriginCounter {
  private readonly origins = new Map<string, OriginStats>();
  private raw = '';
  private current: OriginStats | null = null;
  usable = 0;

  constructor(private readonly examplesPerOrigin: number) {}

  /**
   * Counts one usable loc; `example` builds its located example when this
   * origin still wants one. Runs of locs written with the same origin (the
   * usual case) cost one prefix comparison.
   */
  add(loc: string, example: (() => OriginExample) | null): void {
    this.usable++;
    let stats = this.current;
    if (stats === null || !hasRawOrigin(loc, this.raw)) {
      const key = originOf(loc);
      const raw = rawOriginOf(loc);
      if (key === null || raw === null) {
        this.usable--;
        return;
      }
      stats = this.origins.get(key) ?? null;
      if (stats === null) {
        stats = { count: 0, examples: [] };
        this.origins.set(key, stats);
      }
      this.raw = raw;
      this.current = stats;
    }
    stats.count++;
    if (example && stats.examples.length < this.examplesPerOrigin && this.origins.size <= MAX_ORIGINS_WITH_EXAMPLES) {
      stats.examples.push(example());
    }
  }

  /**
   * The most common origin (ties go to the alphabetically first, as in the
   * table path), how many usable locs are off it, and the first examples off it.
   */
  result(maxExamples: number): { majority: string | null; off: number; examples: OriginExample[] } {
    const majority = majorityOf(this.origins, (s) => s.count);
    const best = majority === null ? 0 : (this.origins.get(majority) as OriginStats).count;
    const examples: OriginExample[] = [];
    for (const [key, s] of this.origins) if (key !== majority) pushAll(examples, s.examples);
    examples.sort((a, b) => a.seq - b.seq);
    return { majority, off: majority === null ? 0 : this.usable - best, examples: examples.slice(0, maxExamples) };
  }
}

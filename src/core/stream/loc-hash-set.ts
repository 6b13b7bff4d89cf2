/**
 * The URLs seen so far on the streaming path, for loc-duplicate, as 63-bit
 * hashes in an open-addressing table: the URLs themselves are gone once their
 * chunk is written, and keeping them would make memory grow with the text.
 *
 * Cost: 8 bytes a slot, the table doubling when it is three quarters full, so
 * 10.7 to 21.3 bytes per distinct URL (13.4 B at 5,000,000: a 64 MiB table),
 * and for the moment of a doubling the old table too (+50%). Two different
 * URLs share a hash with probability about n² / 2^64 for n URLs (7·10⁻⁷ at
 * 5,000,000): such a pair would be reported as one duplicate too many.
 * Every text is hashed by LocScanner (loc-scan.ts): the check's locs while
 * it tests them, stream --fix's elements (stream-merge.ts) alike.
 */
export class LocHashSet {
  /** Pairs (high, low); (0, 0) is an empty slot. The top bit of `high` marks a hash seen more than once. */
  private slots: Int32Array;
  private mask: number;
  /** Distinct hashes held. */
  size = 0;

  constructor(expected = 1 << 16) {
    let capacity = 1024;
    while (capacity * 3 < expected * 4) capacity *= 2;
    this.slots = new Int32Array(capacity * 2);
    this.mask = capacity - 1;
  }

  /** Bytes the table takes now. */
  get byteLength(): number {
    return this.slots.byteLength;
  }

  /**
   * Adds a URL by its hash (two 32-bit lanes, as LocScanner gives them; the
   * top bit of `high` is not used); returns how often it was seen before:
   * 0 (new), 1 (this is its second occurrence) or 2 (third or later). The
   * streaming check hashes each loc while it tests it (loc-scan.ts).
   */
  addHash(high: number, low: number): 0 | 1 | 2 {
    // 63 bits: the top bit of the high word is the "seen again" mark.
    const hi = high & 0x7fffffff;
    const lo = hi === 0 && low === 0 ? 1 : low;
    const slots = this.slots;
    const mask = this.mask;
    let k = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask;
    for (;;) {
      const at = k << 1;
      const h = slots[at] as number;
      const l = slots[at + 1] as number;
      if (h === 0 && l === 0) break;
      if (l === lo && (h & 0x7fffffff) === hi) {
        if (h < 0) return 2;
        slots[at] = h | 0x80000000;
        return 1;
      }
      k = (k + 1) & mask;
    }
    const at = k << 1;
    slots[at] = hi;
    slots[at + 1] = lo;
    if (++this.size * 4 > (mask + 1) * 3) this.grow();
    return 0;
  }

  private grow(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    const slots = new Int32Array(capacity * 2);
    const mask = capacity - 1;
    for (let at = 0; at < old.length; at += 2) {
      const h = old[at] as number;
      const l = old[at + 1] as number;
      if (h === 0 && l === 0) continue;
      let k = (l ^ Math.imul(h & 0x7fffffff, 0x9e3779b1)) & mask;
      while ((slots[k << 1] as number) !== 0 || (slots[(k << 1) + 1] as number) !== 0) k = (k + 1) & mask;
      slots[k << 1] = h;
      slots[(k << 1) + 1] = l;
    }
    this.slots = slots;
    this.mask = mask;
  }
}

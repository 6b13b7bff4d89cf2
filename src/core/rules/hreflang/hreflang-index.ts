import type { ExtElement } from '../../rows/types';
import { attrOf, isHreflangLink } from '../../rows/ext-read';
import { hashString } from '../../text/hash';

/**
 * Who lists which URL as an hreflang alternate, for the reciprocity rule and
 * its incremental re-check: every alternate of every row is a slot in typed
 * arrays, chained two ways, by row (a row's alternates) and by href (the rows
 * listing a URL, found through an open-addressing table on the href's hash).
 *
 * Why not Maps of arrays: multilingual sites put alternates on every URL. At
 * 200,000 rows of three alternates, `Map<string, number[]>` plus
 * `Map<number, string[]>` cost about 450 B a row and most of the check's time
 * in allocation; the slots cost about 32 B an alternate and allocate nothing
 * per row. Rows without alternates cost nothing: the per-row head array is
 * only made when the first alternate is indexed.
 */
/** Alternates a row may list before `lists` stops scanning them (see HreflangIndex.pairs). */
const PAIRS_FROM = 32;

/** A slot in the pair table for row `q` and an href of hash `h`. */
function pairHash(q: number, h: number): number {
  return Math.imul(q + 1, 0x9e3779b1) ^ h;
}

export class HreflangIndex {
  /** Slot → position of the row listing it; -1 once removed. */
  private owner = new Int32Array(64);
  /** Slot → the alternate's href, trimmed (the string of the row's tree when there was nothing to trim). */
  private hrefs: string[] = [];
  private hashes = new Int32Array(64);
  /** Slot → next slot with the same href, -1 at the end. */
  private nextSame = new Int32Array(64);
  /** Slot → next slot of the same row, -1 at the end. */
  private nextOfRow = new Int32Array(64);
  private slots = 0;
  /** Row position → its first slot, -1 when none; empty until a row has alternates. */
  private heads = new Int32Array(0);
  /** Href hash → head slot + 1 of its chain; 0 empty, -1 a chain that emptied (tombstone). */
  private table = new Int32Array(0);
  private mask = -1;
  private used = 0;
  /**
   * (row, href) → slot + 1 of the first slot where the row lists the href;
   * 0 empty, -1 removed. Made once a row lists more than {@link PAIRS_FROM}
   * alternates: one cluster of K pages that each list all K walked K
   * alternates per pair, K³ in all (a 200 MB file of one cluster never
   * finished); a few alternates a row are scanned, as before, for nothing.
   */
  private pairs: Int32Array | null = null;
  private pairsUsed = 0;

  constructor(private readonly rowCount: number) {}

  /** Indexes the hreflang alternates of row `p` (which has none indexed); returns how many. */
  addRow(p: number, ext: readonly ExtElement[] | undefined): number {
    if (!ext) return 0;
    let added = 0;
    let last = -1;
    for (const el of ext) {
      if (!isHreflangLink(el)) continue;
      if (this.heads.length === 0) this.heads = new Int32Array(this.rowCount).fill(-1);
      const s = this.newSlot(p, (attrOf(el, 'href') ?? '').trim());
      if (last < 0) this.heads[p] = s;
      else this.nextOfRow[last] = s;
      last = s;
      added++;
    }
    if (added > PAIRS_FROM && this.pairs === null) this.pairsFor(this.slots);
    return added;
  }

  /** Un-indexes every alternate of row `p`. */
  removeRow(p: number): void {
    if (this.heads.length === 0) return;
    for (let s = this.heads[p] as number; s >= 0; s = this.nextOfRow[s] as number) {
      if (this.pairs !== null) this.unlinkPair(s);
      this.unlinkHref(s);
    }
    this.heads[p] = -1;
  }

  /** The first alternate slot of row `p`, or -1. */
  first(p: number): number {
    return this.heads.length === 0 ? -1 : (this.heads[p] as number);
  }

  /** The next alternate slot of the same row, or -1. */
  next(slot: number): number {
    return this.nextOfRow[slot] as number;
  }

  href(slot: number): string {
    return this.hrefs[slot] as string;
  }

  /** True when row `q` lists `href` (trimmed, exact) among its alternates. */
  lists(q: number, href: string): boolean {
    if (this.pairs !== null) return this.findPair(q, href, hashString(href)) >= 0;
    for (let s = this.first(q); s >= 0; s = this.nextOfRow[s] as number) if (this.hrefs[s] === href) return true;
    return false;
  }

  /** Calls `fn` with the position of every row listing `href` (a row listing it twice, twice). */
  forEachLister(href: string, fn: (pos: number) => void): void {
    if (this.mask < 0) return;
    const k = this.find(href, hashString(href));
    if (k < 0) return;
    for (let s = (this.table[k] as number) - 1; s >= 0; s = this.nextSame[s] as number) fn(this.owner[s] as number);
  }

  private newSlot(p: number, href: string): number {
    if (this.slots === this.owner.length) this.grow(this.slots * 2);
    if (this.mask < 0) this.resize(64);
    const s = this.slots++;
    const h = hashString(href);
    this.owner[s] = p;
    this.hrefs[s] = href;
    this.hashes[s] = h;
    this.nextOfRow[s] = -1;
    if (this.pairs !== null) this.addPair(s);
    const k = this.find(href, h);
    if (k >= 0) {
      // Behind the head: the table keeps pointing at the same slot.
      const head = (this.table[k] as number) - 1;
      this.nextSame[s] = this.nextSame[head] as number;
      this.nextSame[head] = s;
      return s;
    }
    this.nextSame[s] = -1;
    let j = h & this.mask;
    while ((this.table[j] as number) > 0) j = (j + 1) & this.mask;
    if (this.table[j] === 0) this.used++;
    this.table[j] = s + 1;
    if (this.used * 4 > this.table.length * 3) this.resize(this.table.length * 2);
    return s;
  }

  private unlinkHref(s: number): void {
    this.owner[s] = -1;
    const k = this.find(this.hrefs[s] as string, this.hashes[s] as number);
    if (k < 0) return;
    const head = (this.table[k] as number) - 1;
    if (head === s) {
      const rest = this.nextSame[s] as number;
      this.table[k] = rest < 0 ? -1 : rest + 1;
      return;
    }
    let prev = head;
    while (this.nextSame[prev] !== -1 && this.nextSame[prev] !== s) prev = this.nextSame[prev] as number;
    if (this.nextSame[prev] === s) this.nextSame[prev] = this.nextSame[s] as number;
  }

  /** Indexes slot `s` by its (row, href) pair, unless the row lists that href already. */
  // recursion-ok: the table pairsFor builds holds every slot at most half full, so its addPair calls never grow it again
  private addPair(s: number): void {
    if ((this.pairsUsed + 1) * 4 > (this.pairs as Int32Array).length * 3) this.pairsFor(this.slots);
    const pairs = this.pairs as Int32Array;
    const q = this.owner[s] as number;
    const href = this.hrefs[s] as string;
    const mask = pairs.length - 1;
    for (let k = pairHash(q, this.hashes[s] as number) & mask; ; k = (k + 1) & mask) {
      const v = pairs[k] as number;
      if (v === 0) {
        pairs[k] = s + 1;
        this.pairsUsed++;
        return;
      }
      if (v > 0 && this.owner[v - 1] === q && this.hrefs[v - 1] === href) return;
    }
  }

  /** The pair table's index holding row `q` listing `href`, or -1. */
  private findPair(q: number, href: string, h: number): number {
    const pairs = this.pairs as Int32Array;
    const mask = pairs.length - 1;
    for (let k = pairHash(q, h) & mask; ; k = (k + 1) & mask) {
      const v = pairs[k] as number;
      if (v === 0) return -1;
      if (v > 0 && this.owner[v - 1] === q && this.hashes[v - 1] === h && this.hrefs[v - 1] === href) return k;
    }
  }

  /** Before slot `s` leaves with its whole row: its pair goes when it is the one indexed. */
  private unlinkPair(s: number): void {
    const k = this.findPair(this.owner[s] as number, this.hrefs[s] as string, this.hashes[s] as number);
    if (k >= 0 && this.pairs?.[k] === s + 1) this.pairs[k] = -1;
  }

  /** A clean pair table for the live slots below `count`, at most half full. */
  // recursion-ok: at most half full, the table is never grown by the addPair calls that fill it
  private pairsFor(count: number): void {
    let size = 64;
    while (size < count * 2) size *= 2;
    this.pairs = new Int32Array(size);
    this.pairsUsed = 0;
    for (let s = 0; s < count; s++) if ((this.owner[s] as number) >= 0) this.addPair(s);
  }

  /** Table index of the chain for `href`, or -1. */
  private find(href: string, h: number): number {
    if (this.mask < 0) return -1;
    let k = h & this.mask;
    for (;;) {
      const v = this.table[k] as number;
      if (v === 0) return -1;
      if (v > 0 && this.hashes[v - 1] === h && this.hrefs[v - 1] === href) return k;
      k = (k + 1) & this.mask;
    }
  }

  /** A clean table of `size` (a power of two) holding the live chains; tombstones go. */
  private resize(size: number): void {
    const old = this.table;
    this.table = new Int32Array(size);
    this.mask = size - 1;
    this.used = 0;
    for (let k = 0; k < old.length; k++) {
      const v = old[k] as number;
      if (v <= 0) continue;
      let j = (this.hashes[v - 1] as number) & this.mask;
      while (this.table[j] !== 0) j = (j + 1) & this.mask;
      this.table[j] = v;
      this.used++;
    }
  }

  private grow(capacity: number): void {
    const grown = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.owner = grown(this.owner);
    this.hashes = grown(this.hashes);
    this.nextSame = grown(this.nextSame);
    this.nextOfRow = grown(this.nextOfRow);
  }
}

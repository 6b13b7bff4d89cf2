/*
 * hreflang clusters: the pages that are translations of one another, as the
 * set's alternates say (and, when asked, as a locale path prefix says:
 * `/en/about` and `/tr/about`). A cluster is a connected part of the graph
 * whose edges are "row R lists URL U as an alternate" (x-default links are
 * not edges: sites point every page's x-default at one home page, which
 * would join every cluster into one); each member carries the language the
 * links (or its prefix) give it.
 *
 * Held in typed arrays, never an object per row: a node is a row position
 * (the first row of its loc, as the check's duplicate index answers it) or,
 * for a URL no row has, a number past the rows. Arrays the size of the rows
 * live only while the index is built; the index keeps what its members
 * need (about 8 bytes a member and 13 a cluster).
 */
import type { LocLookup } from '../check/ext-check';
import { hreflangLinks } from '../rows/ext-read';
import type { UrlRows } from '../rows/rows';
import { canonicalHreflang, localeOfLoc, X_DEFAULT } from './lang-code';

/** Bits of {@link ClusterIndex.flags}. */
export const CLUSTER_FLAG = {
  /** Two pages claim one language: the links disagree, and nothing is added to such a cluster. */
  languageTwice: 1,
  /** One page is given two languages. */
  pageTwoLanguages: 2,
  /** The members name more than one x-default (Add x-default settles it). */
  xDefaultTwice: 4,
  /** A member no link gives a language: others cannot list it. */
  languageUnknown: 8,
  /** A member of the set does not list every member (itself and the x-default included). */
  incomplete: 16,
  /** A member lists another member of the set that does not list it back. */
  oneWay: 32,
  /** A member is not a URL of these sitemaps: it is listed, but has no row to complete. */
  outside: 64,
} as const;

/** The flags that make a cluster one nothing is added to until the user settles it. */
export const CLUSTER_CONFLICT = CLUSTER_FLAG.languageTwice | CLUSTER_FLAG.pageTwoLanguages | CLUSTER_FLAG.xDefaultTwice;

export interface ClusterIndex {
  /** Rows of the set when built: nodes below it are row positions. */
  rowCount: number;
  /** Language ids → canonical codes, the most used first (x-default is not one). */
  languages: string[];
  count: number;
  /** Cluster k's members are `start[k]` to `start[k + 1]`, in the order of {@link languages}, unknown last. */
  start: Int32Array;
  /** Member → node. */
  node: Int32Array;
  /** Member → language id, -1 when no link gives one. */
  lang: Int32Array;
  /** URLs of the nodes past the rows (node − rowCount). */
  extra: string[];
  /** Cluster → node of its x-default, -1 when none. */
  xDefault: Int32Array;
  /** Cluster → another x-default named by its members, -1 when they agree. */
  xDefaultOther: Int32Array;
  flags: Uint8Array;
  /** Alternates left out: no href, or one that is not an absolute http(s) URL. */
  unusableLinks: number;
  byPrefix: boolean;
}

/** The URL of a node. */
export function nodeUrl(index: ClusterIndex, rows: UrlRows, node: number): string {
  return node < index.rowCount ? rows.loc.get(node).trim() : (index.extra[node - index.rowCount] as string);
}

const ABSOLUTE_HTTP = /^https?:\/\/[^/?#\s]/i;
/** Node flags while building. */
const INVOLVED = 1;
const TWO_LANGUAGES = 2;
const HAS_LINKS = 4;

/**
 * The clusters of the set, their members and languages (the flags that need
 * the rows' links, incomplete and oneWay, are added by findClusters).
 * `lookup` finds rows by loc (the check's duplicate index). `byPrefix`: rows whose first path segment is a locale join the
 * rows with the same URL but for it; a language the links give wins over
 * the prefix's.
 */
export function buildClusterIndex(rows: UrlRows, lookup: LocLookup, byPrefix = false): ClusterIndex {
  const b = new ClusterBuilder(rows, lookup);
  b.readLinks();
  if (byPrefix) b.readPrefixes();
  return b.finish(byPrefix);
}

class ClusterBuilder {
  private readonly n: number;
  /** Node → parent + 1 (0: a root), union-find with path halving: no recursion. */
  private parent: Int32Array;
  /** Node → language id + 1 (0: none yet). */
  private lang: Int32Array;
  private flag: Uint8Array;
  private readonly extra: string[] = [];
  private readonly extraIds = new Map<string, number>();
  private readonly langIds = new Map<string, number>();
  private readonly langNames: string[] = [];
  private involved = new Int32Array(64);
  private involvedCount = 0;
  /** x-default links: from node, to node, in pairs. */
  private xd = new Int32Array(64);
  private xdCount = 0;
  private unusable = 0;

  constructor(
    private readonly rows: UrlRows,
    private readonly lookup: LocLookup,
  ) {
    this.n = rows.length;
    this.parent = new Int32Array(this.n + 16);
    this.lang = new Int32Array(this.n + 16);
    this.flag = new Uint8Array(this.n + 16);
  }

  readLinks(): void {
    const exts = this.rows.ext;
    for (let p = 0, end = Math.min(exts.length, this.n); p < end; p++) {
      const ext = exts[p];
      if (ext === undefined) continue;
      const links = hreflangLinks(ext);
      if (links.length === 0) continue;
      const self = this.nodeOf(this.rows.loc.get(p).trim());
      if (self < 0) continue;
      this.touch(self);
      this.flag[self] = (this.flag[self] as number) | HAS_LINKS;
      for (const link of links) {
        const href = link.href.trim();
        if (!ABSOLUTE_HTTP.test(href)) {
          this.unusable++;
          continue;
        }
        const code = canonicalHreflang(link.hreflang);
        const to = this.nodeOf(href);
        if (code === X_DEFAULT) {
          this.addXDefault(self, to);
          continue;
        }
        this.declare(to, this.langId(code), false);
        this.union(self, to);
      }
    }
  }

  readPrefixes(): void {
    const groups = new Map<string, number>();
    for (let p = 0; p < this.n; p++) {
      const loc = this.rows.loc.get(p);
      const locale = localeOfLoc(loc);
      if (!locale) continue;
      const node = this.lookup.firstAt(loc.trim());
      if (node < 0) continue;
      this.declare(node, this.langId(locale.lang), true);
      const first = groups.get(locale.key);
      if (first === undefined) groups.set(locale.key, node);
      else this.union(node, first);
    }
  }

  finish(byPrefix: boolean): ClusterIndex {
    const { n, involvedCount } = this;
    const total = n + this.extra.length;
    // Root → cluster + 1, then member counts per cluster.
    const clusterOf = new Int32Array(total);
    let clusters = 0;
    const roots: number[] = [];
    for (let i = 0; i < involvedCount; i++) {
      const r = this.find(this.involved[i] as number);
      if (clusterOf[r] === 0) {
        clusterOf[r] = ++clusters;
        roots.push(r);
      }
    }
    const size = new Int32Array(clusters);
    const first = new Int32Array(clusters).fill(2147483647);
    const linked = new Uint8Array(clusters);
    for (let i = 0; i < involvedCount; i++) {
      const v = this.involved[i] as number;
      const c = (clusterOf[this.find(v)] as number) - 1;
      size[c] = (size[c] as number) + 1;
      if (v < (first[c] as number)) first[c] = v;
      if ((this.flag[v] as number) & HAS_LINKS) linked[c] = 1;
    }
    // A lone page is a cluster only when it has alternates of its own (a prefix alone proves nothing).
    const kept: number[] = [];
    for (let c = 0; c < clusters; c++) if ((size[c] as number) > 1 || linked[c]) kept.push(c);
    kept.sort((a, b) => (first[a] as number) - (first[b] as number));
    const order = new Int32Array(clusters).fill(-1);
    kept.forEach((c, k) => (order[c] = k));

    const languages = this.rankLanguages((v) => (order[(clusterOf[this.find(v)] as number) - 1] as number) >= 0);
    const start = new Int32Array(kept.length + 1);
    for (let k = 0; k < kept.length; k++) start[k + 1] = (start[k] as number) + (size[kept[k] as number] as number);
    const members = start[kept.length] as number;
    const node = new Int32Array(members);
    const lang = new Int32Array(members);
    const fill = start.slice(0, kept.length);
    const flags = new Uint8Array(kept.length);
    for (let i = 0; i < involvedCount; i++) {
      const v = this.involved[i] as number;
      const k = order[(clusterOf[this.find(v)] as number) - 1] as number;
      if (k < 0) continue;
      const at = fill[k] as number;
      fill[k] = at + 1;
      node[at] = v;
      const l = (this.lang[v] as number) - 1;
      lang[at] = l < 0 ? -1 : (languages.rank[l] as number);
      if ((this.flag[v] as number) & TWO_LANGUAGES) flags[k] = (flags[k] as number) | CLUSTER_FLAG.pageTwoLanguages;
      if (v >= n) flags[k] = (flags[k] as number) | CLUSTER_FLAG.outside;
    }
    sortMembers({ start, node, lang, flags, languages: languages.names }, total);
    const xDefault = new Int32Array(kept.length).fill(-1);
    const xDefaultOther = new Int32Array(kept.length).fill(-1);
    for (let i = 0; i < this.xdCount; i++) {
      const from = this.xd[2 * i] as number;
      const to = this.xd[2 * i + 1] as number;
      const k = order[(clusterOf[this.find(from)] as number) - 1] as number;
      if (k < 0) continue;
      const had = xDefault[k] as number;
      if (had < 0) xDefault[k] = to;
      else if (had !== to && xDefaultOther[k] === -1) {
        xDefaultOther[k] = to;
        flags[k] = (flags[k] as number) | CLUSTER_FLAG.xDefaultTwice;
      }
    }
    return {
      rowCount: n,
      languages: languages.names,
      count: kept.length,
      start,
      node,
      lang,
      extra: this.extra,
      xDefault,
      xDefaultOther,
      flags,
      unusableLinks: this.unusable,
      byPrefix,
    };
  }

  /**
   * The languages of the members kept, by how many members have them, most
   * first (ties by code); `rank[id]` is the new id.
   */
  private rankLanguages(kept: (v: number) => boolean): { names: string[]; rank: Int32Array } {
    const uses = new Int32Array(this.langNames.length);
    for (let i = 0; i < this.involvedCount; i++) {
      const v = this.involved[i] as number;
      const l = (this.lang[v] as number) - 1;
      if (l >= 0 && kept(v)) uses[l] = (uses[l] as number) + 1;
    }
    const ids = this.langNames.map((_, i) => i).filter((i) => (uses[i] as number) > 0);
    ids.sort(
      (a, b) =>
        (uses[b] as number) - (uses[a] as number) ||
        (this.langNames[a] as string).localeCompare(this.langNames[b] as string),
    );
    const rank = new Int32Array(this.langNames.length).fill(-1);
    ids.forEach((id, r) => (rank[id] = r));
    return { names: ids.map((id) => this.langNames[id] as string), rank };
  }

  /** The node of a URL: the first row with it as loc, else a node of its own past the rows. */
  private nodeOf(url: string): number {
    if (url === '') return -1;
    const p = this.lookup.firstAt(url);
    if (p >= 0) return p;
    let id = this.extraIds.get(url);
    if (id === undefined) {
      id = this.n + this.extra.length;
      this.extra.push(url);
      this.extraIds.set(url, id);
      if (id >= this.parent.length) this.grow(this.parent.length * 2);
    }
    return id;
  }

  private grow(size: number): void {
    const grown = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.parent = grown(this.parent, (k) => new Int32Array(k));
    this.lang = grown(this.lang, (k) => new Int32Array(k));
    this.flag = grown(this.flag, (k) => new Uint8Array(k));
  }

  private langId(code: string): number {
    let id = this.langIds.get(code);
    if (id === undefined) {
      id = this.langNames.length;
      this.langNames.push(code);
      this.langIds.set(code, id);
    }
    return id;
  }

  private touch(v: number): void {
    if ((this.flag[v] as number) & INVOLVED) return;
    this.flag[v] = (this.flag[v] as number) | INVOLVED;
    if (this.involvedCount === this.involved.length) {
      const more = new Int32Array(this.involved.length * 2);
      more.set(this.involved);
      this.involved = more;
    }
    this.involved[this.involvedCount++] = v;
  }

  /** Gives node `v` a language; `weak` (a prefix's guess) only where no link gave one. */
  private declare(v: number, id: number, weak: boolean): void {
    this.touch(v);
    const had = (this.lang[v] as number) - 1;
    if (had < 0) this.lang[v] = id + 1;
    else if (had !== id && !weak) this.flag[v] = (this.flag[v] as number) | TWO_LANGUAGES;
  }

  private addXDefault(from: number, to: number): void {
    if (this.xdCount * 2 === this.xd.length) {
      const more = new Int32Array(this.xd.length * 2);
      more.set(this.xd);
      this.xd = more;
    }
    this.xd[2 * this.xdCount] = from;
    this.xd[2 * this.xdCount + 1] = to;
    this.xdCount++;
  }

  private find(x: number): number {
    const parent = this.parent;
    for (;;) {
      const p = (parent[x] as number) - 1;
      if (p < 0) return x;
      const gp = (parent[p] as number) - 1;
      if (gp < 0) return p;
      parent[x] = gp + 1;
      x = gp;
    }
  }

  private union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    // The lower node becomes the root: a row before any URL past the rows.
    if (ra < rb) this.parent[rb] = ra + 1;
    else this.parent[ra] = rb + 1;
  }
}

/**
 * Sorts every cluster's members by language (unknown last), then node, in
 * place, through one number per member (language × nodes + node: exact in a
 * double), so a huge cluster of links that disagree sorts in n log n; sets
 * the flags their languages earn: languageTwice, languageUnknown.
 */
function sortMembers(
  index: Pick<ClusterIndex, 'start' | 'node' | 'lang' | 'flags' | 'languages'>,
  nodes: number,
): void {
  const { start, node, lang, flags } = index;
  const unknown = index.languages.length;
  const keys = new Float64Array(node.length);
  for (let i = 0; i < node.length; i++) {
    const l = lang[i] as number;
    keys[i] = (l < 0 ? unknown : l) * nodes + (node[i] as number);
  }
  for (let k = 0; k + 1 < start.length; k++) {
    const from = start[k] as number;
    const to = start[k + 1] as number;
    keys.subarray(from, to).sort();
    let f = 0;
    for (let i = from; i < to; i++) {
      const key = keys[i] as number;
      const l = Math.floor(key / nodes);
      node[i] = key - l * nodes;
      lang[i] = l === unknown ? -1 : l;
      if (l === unknown) f |= CLUSTER_FLAG.languageUnknown;
      else if (i > from && lang[i - 1] === l) f |= CLUSTER_FLAG.languageTwice;
    }
    flags[k] = (flags[k] as number) | f;
  }
}

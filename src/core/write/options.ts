import type { Problem } from '../rules/problem';
import type { LayoutPlan } from './layout';
import type { LastmodForm } from './lastmod-form';
import type { Limits } from '../rules/limits';

/** What to export and how. */
export interface ExportOptions {
  format: 'xml' | 'txt';
  /** Gzip every file (sitemaps and indexes); limits still apply to the uncompressed bytes. */
  gzip: boolean;
  /** 'auto': an index only when more than one sitemap results; 'always': an index in any case. */
  index: 'auto' | 'always';
  /**
   * Where the files will be hosted (absolute, or '' when unknown: see
   * origin.ts siteBaseOf); index locs and robots.txt lines are this + file
   * name, except for kept files whose URLs the layout knows.
   */
  siteUrl: string;
  /** The files to write (layout.ts planLayout); default every row split at the limits. Its groups hold the positions. */
  plan?: LayoutPlan;
  /** File name stem; default 'sitemap'. */
  baseName?: string;
  limits: Limits;
  /** Write `xmlns:xsi` and `xsi:schemaLocation` on the root elements. */
  schemaLocation: boolean;
  /**
   * Write `<?xml-stylesheet type="text/xsl" href="sitemap.xsl"?>` in every
   * XML sitemap and index, and `sitemap.xsl` beside them (`ExportResult.assets`,
   * one in each folder that holds one): a table a person reads in a browser that applies XSLT.
   */
  stylesheet?: boolean;
  lastmodForm: LastmodForm;
  /** The export time: the index's `<lastmod>`s. */
  now: Date;
  /**
   * Compresses one finished file when `gzip` is on; default fflate at level 6.
   * Node callers pass zlib's native gzip (4–5× faster on 180 MB); any
   * deterministic gzip will do, since the size limits apply before it.
   */
  gzipper?: (raw: Uint8Array) => Uint8Array;
  /**
   * Called with each file's bytes the moment the file is complete (after
   * `gzipper`) and whether the file is to be gzipped (the layout says, per
   * file), sitemaps in order, then the indexes: lets compression start
   * while the next file is written (see export-packed.ts).
   */
  onFileData?: (data: Uint8Array, gzip: boolean) => void;
  /** Called every few thousand rows and once at the end, with rows done and rows in all. */
  onProgress?: (done: number, total: number) => void;
}

/** One file of an export. */
export interface ExportFile {
  name: string;
  /** The bytes to write (gzipped when the option is on). */
  data: Uint8Array;
  /** `<url>`s (or lines) in a sitemap; `<sitemap>`s in an index. */
  urls: number;
  /** Uncompressed UTF-8 size in bytes. */
  rawBytes: number;
  kind: 'sitemap' | 'index';
}

/** A file of an export as planned, without its bytes. */
export type PlannedFile = Omit<ExportFile, 'data'>;

/** A file an export writes beside its sitemaps (the XSL stylesheet). */
export interface ExportAsset {
  name: string;
  data: Uint8Array;
}

/** Everything an export produced. */
export interface ExportResult {
  /** Sitemaps in order, then the index file(s). */
  files: ExportFile[];
  /** Files written beside the sitemaps that are not sitemaps: the stylesheet(s) of `ExportOptions.stylesheet`. */
  assets?: ExportAsset[];
  /** `Sitemap: <url>` lines (each ending in LF) for robots.txt: the index(es), or the single sitemap. */
  robotsTxt: string;
  problems: Problem[];
  /** Set when nothing was written because a location would have been relative: why (origin.ts NO_ORIGIN_REASON). */
  refused?: string;
}

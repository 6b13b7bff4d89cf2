import type { SourceFile } from '../rows/types';
import type { RuleCode } from '../rules/registry';
import type { Problem } from '../rules/problem';
import type { StreamDuplicates } from './stream-merge';
import type { ExportFile, ExportOptions, PlannedFile } from '../write/options';

/** How the streaming path writes the rows it reads (ExportOptions without the rows' choices). */
export type StreamWriteOptions = Pick<
  ExportOptions,
  'format' | 'gzip' | 'index' | 'limits' | 'schemaLocation' | 'lastmodForm' | 'baseName' | 'gzipper'
>;

export interface StreamOptions {
  /** Where the sitemaps will be served: scopes loc-not-allowed, and the base of the index's locs. */
  siteUrl?: string;
  /** The present, for the index's lastmod, and the check's date unless {@link checkDate} (default: the time of construction). */
  now?: Date;
  /** The check's date, which lastmod-future and news-too-old measure to (default: {@link now}). */
  checkDate?: Date;
  /** Apply every safe automatic fix to the rows written (loc-duplicate: copies merged within a chunk; later ones, see stream-merge.ts). */
  fix?: boolean;
  /** Zone lastmod-timezone adds when fixing: `Z` (default) or `±hh:mm`. */
  zone?: string;
  /**
   * Find loc-duplicate (default true). It is the one check whose memory
   * grows with the URLs: about 13 bytes per distinct URL (see LocHashSet),
   * twice that with `fix`, which needs the URLs as read and as written.
   */
  duplicates?: boolean;
  /**
   * URLs the files are expected to hold (estimate.ts): the duplicate set is
   * sized for four fifths of them at once, sparing the doublings on the way
   * (and the old table held beside the new one at the last). An estimate
   * too high by up to a quarter costs nothing; beyond that, more memory.
   */
  expectedUrls?: number;
  /** Write the rows out (re-split); omitted: check only. */
  write?: StreamWriteOptions;
  /** Receives each written file once it is complete, in order: sitemaps, then the index(es). */
  onFile?: (file: ExportFile) => void;
  /** Located examples kept per problem code (default 20); counts are always exact. */
  examplesPerCode?: number;
  /** Characters of text read at a time (default 256 Ki); small values are for tests. */
  chunkChars?: number;
  /**
   * Cap on one file's decompressed size (default 4 GiB): stops a compression
   * bomb. The table path's cap is 256 MiB; here size costs time, not memory.
   */
  maxDecompressedBytes?: number;
  /** Called after each chunk with the URLs read and the files written so far. */
  onProgress?: (progress: StreamProgress) => void;
}

interface StreamProgress {
  urls: number;
  filesWritten: number;
}

/** A located example of a problem: a Problem (no row id: rows are not kept) with the URL it is about. */
export interface StreamExample extends Problem {
  loc?: string;
}

export interface StreamCounts {
  counts: { error: number; warning: number; info: number };
  /** Occurrences per code, counted as the table path counts them (loc-duplicate: every copy, the first too). */
  byCode: Partial<Record<RuleCode, number>>;
}

/** Everything a streaming run found and wrote. */
export interface StreamReport extends StreamCounts {
  /** Rows read (URL entries and lines; not index entries). */
  urls: number;
  /** The files read, as the table path lists them. */
  files: SourceFile[];
  /** The first located examples of each code, file-level problems included, grouped by code in order of first appearance. */
  examples: StreamExample[];
  /** What was written; null when checking only. */
  written: {
    files: PlannedFile[];
    /** URLs written (rows without a loc, and with `fix` later copies of a URL, are left out). */
    urls: number;
    robotsTxt: string;
    /** What writing reported (rows left out, characters encoded, index split…). */
    problems: Problem[];
  } | null;
  /** With `fix`: what was repaired, and the problems left in what was written. */
  fixes:
    | (StreamCounts & {
        applied: Partial<Record<RuleCode, number>>;
        /** Occurrences with a fix that could not be applied safely. */
        skipped: number;
        /** Every value an extension fix dropped (image-deprecated's tags, news-too-old's entries), "URL: dropped …", the first DROPPED_LISTED (plan-fixes.ts). */
        dropped: string[];
        /** How many dropped values are past `dropped`'s end. */
        droppedMore: number;
        /** What became of duplicates (stream-merge.ts); null with duplicate detection off. */
        duplicates: StreamDuplicates | null;
      })
    | null;
  /** Bytes held for duplicate detection at the end (0 when it was off). */
  duplicateBytes: number;
}

/*
 * The data the sitemap worker answers with (what each request takes and
 * answers is declared in api.ts). The imported set stays in the worker; the
 * page only ever receives a summary small enough to clone cheaply whatever
 * the number of URLs.
 */
import type { CoverageCounts } from '../core/rules/site-data/crawl-coverage';
import type { SourceFile } from '../core/rows/types';
import type { OpenedFrom } from '../core/live/opened-from';
import type { Severity } from '../core/rules/rule';
import type { RuleCode } from '../core/rules/registry';
import type { Problem } from '../core/rules/problem';
import type { MergeReport } from '../core/fix/merge-duplicates';
import type { PlannedFile } from '../core/write/options';
import type { CompareSummary } from './compare-protocol';
import type { ExtEntryEditing, ReplaceSample, RewriteCounts, SiteUrlHint } from './edit-protocol';

/** The undo history's state lives with the history (core/history/history.ts). */
export type { HistoryState } from '../core/history/history';
import type { HistoryState } from '../core/history/history';
import type { Layout } from '../core/write/layout';
import type { SiteBase } from '../core/write/origin';

/** What the export dialog sets. */
export interface ExportSettings {
  /** 'html': one sitemap.html for people (core/view/html-sitemap.ts) instead of sitemaps. */
  format: 'xml' | 'txt' | 'html';
  gzip: boolean;
  index: 'auto' | 'always';
  profile: 'standard' | 'legacy' | 'custom';
  /** Used with the custom profile. */
  maxUrls: number;
  maxBytes: number;
  siteUrl: string;
  schemaLocation: boolean;
  /** Add the xml-stylesheet instruction and sitemap.xsl beside the files (XML only). */
  stylesheet?: boolean;
  lastmodForm: 'as-is' | 'date' | 'datetime';
  /** How the rows are laid out in files; 'auto': Keep my files when the rows came from sitemap files, else by limits. */
  layout: Layout | 'auto';
  /** Keep my files: the file (stem) new rows go to; '' for the one of their section. */
  newRowsTo: string;
}

/** The export dialog's choices as the page sends them: the Site URL is the worker's own (setSiteUrl). */
export type ExportPrefs = Omit<ExportSettings, 'siteUrl'>;

export interface ExportPlan {
  files: PlannedFile[];
  problems: Problem[];
  /** `Sitemap: <url>` lines for robots.txt. */
  robotsTxt: string;
  /** The layout used ('auto' decided). */
  layout: Layout;
  /** Where the files are served: the Site URL, the imported index's, or none. */
  origin: SiteBase;
  /** Keep my files: the files new rows may go to (stems), in order. */
  targets: string[];
  /** Why Download is refused (no origin for a multi-file export); absent when it is not. */
  refused?: string;
  /** Rows left out because the board plans them only (status Planned); 0 when they are included. */
  plannedLeftOut?: number;
  /** Rows whose status is Planned among those the export considers, left out or included. */
  planned?: number;
}

/** The bytes to download: one file, or `sitemaps.zip` holding them all. */
export interface ExportDownload extends Omit<ExportPlan, 'layout' | 'origin' | 'targets' | 'refused'> {
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** Which rows the table's CSV holds: the current view (its filter and sort) or every row in import order. */
export type CsvScope = 'view' | 'all';

/** The table as a CSV file, in encoded pieces (a Blob joins them without another copy). */
export interface CsvDownload {
  fileName: string;
  mimeType: string;
  parts: Uint8Array[];
  /** Total size in bytes. */
  bytes: number;
  /** Data rows written. */
  rows: number;
}

/** A row as the table shows it. */
export interface RowView {
  id: number;
  loc: string;
  lastmod: string;
  changefreq: string;
  priority: string;
  /** Extension elements (image, video, news, hreflang, unknown) on the row. */
  ext: number;
  /** Names of the extension elements, e.g. "image:image ×3". */
  extSummary: string;
  file: string;
  problems: { code: RuleCode; severity: Severity; message: string; detail?: Problem['detail'] }[];
  /** The crawl export's depth and inlinks of the row's page; null when it has none (or there is no crawl export). */
  depth: number | null;
  inlinks: number | null;
}

/** One hreflang alternate of a row, with what is wrong with it ('' when nothing). */
export interface AlternateView {
  /** Index of the element among the row's extension elements: how an edit names it. */
  at: number;
  hreflang: string;
  href: string;
  /** Why the value is not one engines read (hreflang-value, hreflang-href), or ''. */
  issue: string;
  /** Set when the alternate is in the set and does not list this row back (hreflang-not-reciprocal). */
  notReciprocal: boolean;
}

/** An image, video, news or other extension element of a row, as labelled values. */
export interface ExtEntryView extends ExtEntryEditing {
  at: number;
  kind: 'image' | 'video' | 'news' | 'other';
  /** "Video 1", "News", "mobile:mobile". */
  label: string;
  /** Child values in document order, nested ones named by their path ("publication name"). */
  fields: { name: string; value: string }[];
}

/** Everything a row carries besides its four fields, readable. */
export interface RowDetails {
  id: number;
  loc: string;
  /** 1-based, and the file it came from, for the heading. */
  line: number;
  file: string;
  alternates: AlternateView[];
  entries: ExtEntryView[];
  /** The row's extension problems (field 'ext'), as the table shows them. */
  problems: { code: RuleCode; severity: Severity; message: string }[];
}

export interface EditAlternateOutcome extends Changed {
  /** The row after the edit, re-checked; null when the row is gone. */
  details: RowDetails | null;
}

/** The answer to every request that changes rows: the new totals and the view's new size. */
export interface Changed {
  summary: SetSummary;
  viewCount: number;
  /** The undo history after the change. */
  history: HistoryState;
}

export interface HistoryOutcome extends Changed {
  /** The label of the change undone or redone; null when there was none (nothing changed). */
  label: string | null;
}

export interface EditOutcome extends Omit<Changed, 'summary'> {
  /**
   * The totals when other rows changed too; null otherwise: the page draws
   * the row first and asks for them (`summary`) once it is on screen. At a
   * million rows they are 0.4 MB with their examples, 8–30 ms to build and as
   * long again to copy, which every edit's answer used to wait for.
   */
  summary: SetSummary | null;
  /** The edited row as the table draws it, re-checked; null when it is gone. */
  row: RowView | null;
  /** Whether other rows' problems changed with the edit (a duplicate's partner…): the table then fetches its rows again. */
  othersChanged: boolean;
}

export interface FixOutcome extends Changed {
  /** Fixes applied per code: every repair is listed. */
  applied: Partial<Record<RuleCode, number>>;
  removedRows: number;
  skipped: number;
  /** loc-duplicate: what merging the duplicates moved, the values that conflicted, the copies kept apart. */
  merge?: MergeReport;
  /** Each value a fix dropped (image-deprecated, news-too-old), "URL: dropped <tag> "value"", and how many more. */
  dropped: string[];
  droppedMore: number;
}

/**
 * `decompressing`: gunzipping the import's files, `bytesDone` inflated so far (no total is known);
 * `restoring`: the saved document's parts read back (bytesDone of bytesTotal parts).
 */
export type JobPhase =
  'fetching' | 'reading' | 'decompressing' | 'parsing' | 'checking' | 'fixing' | 'writing' | 'restoring';

export interface JobProgress {
  phase: JobPhase;
  bytesDone: number;
  bytesTotal: number;
  urls: number;
}

/** A problem with its place already formatted ("file.xml:12:5"), and the row's loc when it has one. */
export interface ReportedProblem extends Problem {
  place: string;
  loc?: string;
  /** A problem of a sitemap index's `<sitemap>` entry: which one, the field named and its value (editable in the panel). */
  entry?: { index: number; field: 'loc' | 'lastmod'; value: string };
}

export interface ProblemGroup {
  code: RuleCode;
  severity: Severity;
  /** The rule's plain sentence. */
  title: string;
  /** Every occurrence, including those not sent in `problems`. */
  count: number;
  /** Occurrences the export repairs by writing the files (export-repairs.ts); absent when none. */
  repairedOnExport?: number;
  /** Of a Fix all rule: the occurrences Fix all can fix (every one, rows and index entries); absent for other rules. */
  fixable?: number;
  /** loc-not-absolute: where the export writes an index's relative child locs from (the Site URL or the index's origin), when it does. */
  repairedFrom?: string;
}

/** What the Fix all buttons and the Download confirmation count for a group: one number, so they agree. */
export function fixableCount(g: ProblemGroup): number {
  return g.fixable ?? 0;
}

export interface SetSummary extends SiteUrlHint {
  urlCount: number;
  files: SourceFile[];
  counts: { error: number; warning: number; info: number };
  byCode: Partial<Record<RuleCode, number>>;
  groups: ProblemGroup[];
  /** At most {@link MAX_PROBLEMS_SENT}, spread over every code. */
  problems: ReportedProblem[];
  problemTotal: number;
  /** Rows in the table's current view (after filter). */
  viewCount: number;
  /** The live URLs the set was opened from (Open URL), oldest first; none for files. */
  openedFrom?: OpenedFrom[];
  /** What the Coverage view counts; null without a crawl export. Optional: summaries built before it lack it. */
  coverage?: CoverageCounts | null;
}

export const MAX_PROBLEMS_SENT = 1000;

/*
 * Bulk edits. The rows they act on: the selection's ids, or every row of the
 * current view (so the page never has to hold the ids of a million rows).
 */
export type BulkScope = { kind: 'ids'; ids: number[] } | { kind: 'view' };

/** What a find & replace would do: the rows it changes, the first changes, and the URLs it would break. */
export interface ReplacePreview extends RewriteCounts {
  /** Why it cannot run (an invalid regular expression); then nothing else is set. */
  error: string | null;
  affected: number;
  /** Changed rows whose loc would become unusable (missing, relative, another scheme, white space). */
  breaking: number;
  samples: ReplaceSample[];
}

/** The answer to a bulk change: `changed` cells or `removed` rows (0 when nothing changed). */
export interface BulkOutcome extends Changed, Pick<RewriteCounts, 'byField'> {
  changed: number;
  removed: number;
  /** A replace refused because it would break URLs and was not forced: nothing changed. */
  refused: ReplacePreview | null;
  /** Remove duplicates: what the merge moved, the values that conflicted, the copies kept apart. */
  merge?: MergeReport;
}

/* Saving the document in the browser (IndexedDB, from the worker): see SitemapApi's restore, clearDocument, flushSave. */
/** What `restore` found: a summary as after an import, or nothing (summary null). */
export interface RestoreOutcome {
  summary: SetSummary | null;
  /** When the restored document was saved (ms since the epoch); null when nothing was restored. */
  savedAt: number | null;
  /** The Site URL the restored document was checked against. */
  siteUrl: string | null;
  /** Why the saved work could not be read (storage missing, damaged copy); null when fine. */
  error: string | null;
  /** The restored undo history's state, and how many undo and redo steps came back with it. */
  history?: HistoryState;
  undoSteps?: number;
  redoSteps?: number;
  /** The comparison that came back with the document (its counts); null when none. */
  comparison?: CompareSummary | null;
}

/**
 * Sent by the worker, unasked, as saving goes: `pending` after a change,
 * `saved` once written, `failed` when the storage refused, `idle` after clearing.
 */
export interface PersistEvent {
  type: 'persist';
  state: 'pending' | 'saved' | 'failed' | 'idle';
  savedAt?: number;
  message?: string;
  /**
   * The saved copy had been removed from outside while the page was open
   * (the site's data cleared): this event says it was written anew
   * (`saved`), could not be (`failed`), or that there was no document to
   * write (`idle`).
   */
  removed?: true;
}

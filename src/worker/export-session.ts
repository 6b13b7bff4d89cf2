/*
 * Writing the worker's document out: the export dialog's plan, the files
 * themselves (gzipped by the platform when asked), and the download the page
 * receives.
 */
import type { SitemapSet } from '../core/read/sitemap-set';
import { crawlExclusions } from '../core/rules/site-data/crawl-exclusions';
import { withoutPlanned } from '../core/write/planned-rows';
import { bundleZip } from '../core/write/bundle';
import { exportPacked } from '../core/write/export-packed';
import { exportSitemaps, previewExport } from '../core/write/export';
import { defaultLayout, type Layout } from '../core/write/layout';
import { LIMITS, type Limits } from '../core/rules/limits';
import type { ExportOptions, ExportResult } from '../core/write/options';
import { setExportOptions } from '../core/write/set-export';
import { htmlSitemap } from '../core/view/html-sitemap';
import { measurePacked } from './export-timing';
import type { ExportDownload, ExportPlan, ExportSettings } from './protocol';

/** The files an export with these settings would write, and what it would leave out. */
export function planExport(set: SitemapSet, settings: ExportSettings, includePlanned = false): ExportPlan {
  const crawl = crawlExclusions(set);
  const rows = withoutPlanned(set.rows, crawl.positions, includePlanned);
  const { options, origin, layout } = optionsFor(set, settings, rows.positions);
  if (settings.format === 'html') {
    const page = htmlSitemap(set, rows.positions);
    const file = { name: page.name, urls: page.links, rawBytes: page.data.length, kind: 'sitemap' as const };
    return {
      files: [file],
      robotsTxt: '',
      problems: crawl.problems,
      layout,
      origin,
      targets: [],
      plannedLeftOut: rows.leftOut,
      planned: rows.planned,
    };
  }
  const plan = previewExport(set.rows, options, rows.positions);
  const targets = layout === 'keep' ? (options.plan?.groups ?? []).map((g) => g.stem) : [];
  return {
    ...plan,
    problems: [...crawl.problems, ...plan.problems],
    layout,
    origin,
    targets,
    plannedLeftOut: rows.leftOut,
    planned: rows.planned,
  };
}

/** The layout the settings ask for: 'auto' is Keep my files when the rows came from sitemap files. */
function layoutOf(set: SitemapSet, settings: ExportSettings): Layout {
  return settings.layout === 'auto' ? defaultLayout(set) : settings.layout;
}

/** The core options of an export of this set: the layout planned, the origin found. */
function optionsFor(set: SitemapSet, settings: ExportSettings, positions?: ArrayLike<number>) {
  const layout = layoutOf(set, settings);
  const choice = { layout, siteUrl: settings.siteUrl, newRowsTo: settings.newRowsTo };
  return { ...setExportOptions(set, choice, exportOptions(settings), positions), layout };
}

/** Never a file with a relative location: the dialog refuses first, and the worker too. */
function refuseRelative(result: ExportResult): void {
  if (result.refused) throw new Error(result.refused);
}

/** The export, inline (fflate gzips); used where no native compressor is at hand. */
export function exportInline(
  set: SitemapSet,
  settings: ExportSettings,
  onProgress: (done: number, total: number) => void,
  includePlanned = false,
): ExportDownload {
  const crawl = crawlExclusions(set);
  const rows = withoutPlanned(set.rows, crawl.positions, includePlanned);
  if (settings.format === 'html') return htmlDownload(set, rows, crawl.problems);
  const { options } = optionsFor(set, settings, rows.positions);
  const result = exportSitemaps(set.rows, { ...options, onProgress }, rows.positions);
  refuseRelative(result);
  return downloadOf({ ...result, problems: [...crawl.problems, ...result.problems] }, rows);
}

/**
 * The same export, with every file compressed by `gzip` (the platform's
 * native compressor, on helper workers) as soon as it is written, and the
 * zip built from those gzips whatever the Gzip option (exportPacked).
 */
export async function exportWith(
  set: SitemapSet,
  settings: ExportSettings,
  onProgress: (done: number, total: number) => void,
  gzip: (raw: Uint8Array) => Promise<Uint8Array>,
  includePlanned = false,
): Promise<ExportDownload> {
  // The crawl-* rules' fix: what the crawl found unfit is left out, and listed; pages only planned are left out, and counted.
  const crawl = crawlExclusions(set);
  const rows = withoutPlanned(set.rows, crawl.positions, includePlanned);
  if (settings.format === 'html') return htmlDownload(set, rows, crawl.problems);
  const { options } = optionsFor(set, settings, rows.positions);
  const packed = await exportPacked(set.rows, { ...options, onProgress }, gzip, rows.positions);
  refuseRelative(packed.result);
  measurePacked(packed.times);
  packed.result.problems = crawl.problems.concat(packed.result.problems);
  return downloadOf(packed.result, rows, packed.zip);
}

/** The export dialog's settings as core export options (without the layout's plan). */
function exportOptions(s: ExportSettings): ExportOptions {
  const limits: Limits =
    s.profile === 'custom'
      ? { maxUrls: s.maxUrls, maxBytes: s.maxBytes, maxSitemaps: LIMITS.standard.maxSitemaps }
      : { ...LIMITS[s.profile] };
  return {
    format: s.format === 'txt' ? 'txt' : 'xml',
    gzip: s.gzip,
    index: s.index,
    siteUrl: s.siteUrl,
    limits,
    schemaLocation: s.schemaLocation,
    stylesheet: (s.stylesheet ?? false) && s.format === 'xml',
    lastmodForm: s.lastmodForm,
    now: new Date(),
  };
}

/** The HTML sitemap as the page downloads it: one file, whatever the limits (it caps its own links). */
function htmlDownload(
  set: SitemapSet,
  rows: { positions?: ArrayLike<number>; leftOut: number; planned: number },
  problems: ExportResult['problems'],
): ExportDownload {
  const page = htmlSitemap(set, rows.positions);
  return {
    files: [{ name: page.name, urls: page.links, rawBytes: page.data.length, kind: 'sitemap' }],
    problems,
    robotsTxt: '',
    plannedLeftOut: rows.leftOut,
    planned: rows.planned,
    fileName: page.name,
    mimeType: 'text/html',
    bytes: page.data,
  };
}

function mimeOf(name: string): string {
  if (name.endsWith('.gz')) return 'application/gzip';
  if (name.endsWith('.txt')) return 'text/plain';
  return 'application/xml';
}

/** A finished export as the page downloads it: a single file as itself, several as one zip. */
function downloadOf(
  result: ExportResult,
  { leftOut: plannedLeftOut, planned }: { leftOut: number; planned: number },
  zip?: Uint8Array | null,
): ExportDownload {
  // A plain file's bytes may live in the zip only (exportPacked): its size is its raw size.
  const files = result.files.map(({ name, urls, rawBytes, kind, data }) => ({
    name,
    urls,
    rawBytes,
    kind,
    bytes: name.endsWith('.gz') ? data.length : rawBytes,
  }));
  // One file downloads as itself, unless a stylesheet goes beside it (in the zip).
  const single = result.files.length === 1 && !result.assets ? result.files[0] : undefined;
  if (single) {
    return {
      files,
      problems: result.problems,
      robotsTxt: result.robotsTxt,
      plannedLeftOut,
      planned,
      fileName: single.name,
      mimeType: mimeOf(single.name),
      bytes: single.data,
    };
  }
  return {
    files,
    problems: result.problems,
    robotsTxt: result.robotsTxt,
    plannedLeftOut,
    planned,
    fileName: 'sitemaps.zip',
    mimeType: 'application/zip',
    bytes: zip ?? bundleZip(result),
  };
}

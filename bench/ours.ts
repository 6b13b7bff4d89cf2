/**
 * Our core, called as the CLI calls it in Node: import (parse) then check;
 * export (serialize + gzip) then zip, with zlib's native gzip and gunzip
 * plugged in (the browser build uses the platform's streams on helper
 * workers, or fflate).
 */
import { checkSet } from '../src/core/check/check-set';
import { importFiles, type InputFile } from '../src/core/read/import-files';
import type { SitemapSet } from '../src/core/read/sitemap-set';
import { exportSitemaps, type ExportOptions, type ExportResult } from '../src/core/write/export';
import { exportPacked, type PackedExport } from '../src/core/write/export-packed';
import { LIMITS } from '../src/core/rules/limits';
import { nodeGunzip, nodeGzip, nodeGzipAsync } from '../src/cli/node-gzip';
import { importFilesOverlapped } from '../src/cli/import-overlapped';
import { SITE_URL } from './generate';

export type { SitemapSet };

export function oursImport(inputs: InputFile[]): SitemapSet {
  return importFiles(inputs, { gunzip: nodeGunzip });
}

/** The .xml.gz import as the CLI's export reads: each gunzip on zlib's thread pool while the file before it is read. */
export function oursImportOverlapped(inputs: InputFile[]): Promise<SitemapSet> {
  return importFilesOverlapped(inputs);
}

export function oursCheck(set: SitemapSet): ReturnType<typeof checkSet> {
  return checkSet(set);
}

/** Problems the read step reported (file-level), for the cross-check note. */
export function readProblems(set: SitemapSet): number {
  return set.problems.length;
}

export function exportOptions(gzip: boolean): ExportOptions {
  return {
    format: 'xml',
    gzip,
    index: 'auto',
    siteUrl: SITE_URL,
    limits: LIMITS.standard,
    schemaLocation: false,
    lastmodForm: 'as-is',
    now: new Date(0),
    gzipper: nodeGzip,
  };
}

export function oursExport(set: SitemapSet, gzip = true): ExportResult {
  return exportSitemaps(set.rows, exportOptions(gzip));
}

/** Export and zip as the app does, with zlib's gzip on its thread pool beside the writing. */
export function oursPacked(set: SitemapSet, gzip: boolean): Promise<PackedExport> {
  return exportPacked(set.rows, exportOptions(gzip), nodeGzipAsync);
}

/** URLs written into sitemap files (not index entries). */
export function exportedUrls(result: ExportResult): number {
  return result.files.reduce((n, f) => n + (f.kind === 'sitemap' ? f.urls : 0), 0);
}

export function exportedBytes(result: ExportResult): { raw: number; out: number; files: number } {
  let raw = 0;
  let out = 0;
  for (const f of result.files) {
    raw += f.rawBytes;
    out += f.data.length;
  }
  return { raw, out, files: result.files.length };
}

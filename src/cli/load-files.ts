import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { importFiles, type InputFile } from '../core/read/import-files';
import type { SitemapSet } from '../core/read/sitemap-set';
import { UsageError } from './args';
import { applyLive, isLiveUrl, liveTree } from './fetch/live-input';
import { nodeGunzip } from './node-gzip';
import { importFilesOverlapped } from './import-overlapped';

/**
 * Reads the named files from disk, and the files fetched for each live URL
 * (see prefetchLive); a missing or unreadable path is a usage error.
 */
export function loadFiles(paths: readonly string[]): InputFile[] {
  if (paths.length === 0) throw new UsageError('no files given');
  const seen = new Set<string>();
  return paths.flatMap((path) => {
    if (isLiveUrl(path)) {
      const files = liveTree(path).files.filter((f) => !seen.has(f.name));
      for (const f of files) seen.add(f.name);
      return files;
    }
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) throw new UsageError(`cannot read ${path}: no such file`);
    if (!stat.isFile()) throw new UsageError(`cannot read ${path}: not a file`);
    return [{ name: basename(path), bytes: new Uint8Array(readFileSync(path)) }];
  });
}

/** Reads files and live sources into one set, fetch problems included. */
export function importSources(paths: readonly string[]): SitemapSet {
  const set = importFiles(loadFiles(paths), { gunzip: nodeGunzip });
  applyLive(set, paths);
  return set;
}

/** {@link importSources} with each gzipped file inflated on zlib's thread pool while the one before is read (export). */
export async function importSourcesOverlapped(paths: readonly string[]): Promise<SitemapSet> {
  const set = await importFilesOverlapped(loadFiles(paths));
  applyLive(set, paths);
  return set;
}

import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { InputFile } from '../core/read/import-files';
import { UsageError } from './args';

/** Reads the named files from disk; a missing or unreadable path is a usage error. */
export function loadFiles(paths: readonly string[]): InputFile[] {
  if (paths.length === 0) throw new UsageError('no files given');
  return paths.map((path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) throw new UsageError(`cannot read ${path}: no such file`);
    if (!stat.isFile()) throw new UsageError(`cannot read ${path}: not a file`);
    return { name: basename(path), bytes: new Uint8Array(readFileSync(path)) };
  });
}

import { BodyBuffer } from './body-buffer';
import { indexEntryTooLargeProblem, type ProblemSink } from './export-notes';
import type { ExportOptions } from './options';
import { Splitter } from './split';
import { utf8Length } from '../text/utf8';
import { indexEntry, indexFooter, indexHeader } from './write-index';

/** A file of an export under way: its bytes (none in a preview) and what it holds. */
export interface Built {
  /** Its place among the export's sitemaps (indexes: -1). */
  position: number;
  name: string;
  data: Uint8Array | undefined;
  urls: number;
  rawBytes: number;
  kind: 'sitemap' | 'index';
  /** Gzipped when written. */
  gzip: boolean;
}

/** One `<sitemap>` of an index to write: an absolute URL and its lastmod ('' for none). */
export interface IndexLine {
  url: string;
  lastmod: string;
  /** The file it lists, for a located message. */
  name: string;
}

/**
 * The index files listing `lines`, split at the limits (count and bytes):
 * one file `stem.xml`, or `stem-1.xml`, `stem-2.xml` … when it must be cut.
 */
export function buildIndex(
  lines: readonly IndexLine[],
  stem: string,
  gzip: boolean,
  opts: ExportOptions,
  build: boolean,
  sink: ProblemSink,
  finish: (data: Uint8Array | undefined, gzip: boolean) => Uint8Array | undefined,
): Built[] {
  const out: Built[] = [];
  const body = build ? new BodyBuffer() : null;
  const header = indexHeader(opts.schemaLocation, opts.stylesheet);
  const footer = indexFooter();
  const splitter = new Splitter(
    opts.limits.maxSitemaps,
    opts.limits.maxBytes,
    utf8Length(header) + utf8Length(footer),
    body,
    (f) => {
      const data = body ? body.finish(header, footer, f.bytes) : undefined;
      out.push({
        position: -1,
        name: '',
        data: finish(data, gzip),
        urls: f.count,
        rawBytes: f.bytes,
        kind: 'index',
        gzip,
      });
    },
  );
  for (const line of lines) {
    const entry = indexEntry(line.url, line.lastmod);
    const bytes = utf8Length(entry);
    if (!splitter.add(entry, bytes)) {
      sink.list.push(indexEntryTooLargeProblem(line.name, bytes, opts.limits.maxBytes));
    }
  }
  splitter.finish();
  out.forEach((f, i) => {
    f.name = partName(stem, i, out.length, 'xml', gzip);
  });
  return out;
}

/** `stem.ext`, or `stem-N.ext` for part N of several; `.gz` when gzipped. */
export function partName(stem: string, position: number, count: number, format: string, gzip: boolean): string {
  return stem + (count === 1 ? '' : '-' + (position + 1)) + '.' + format + (gzip ? '.gz' : '');
}

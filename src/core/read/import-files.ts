import { emptySet, type SitemapSet } from './sitemap-set';
import type { SourceFile } from '../rows/types';
import { compressionProblem, emptyZipProblem, encodingProblem, fileLimitProblems } from '../rules/file/file';
import { judgeBytes, judgeText } from '../rules/file/file-kind';
import { decodeBytes } from './decode';
import { DEFAULT_MAX_DECOMPRESSED, forEachZipMember, gunzipCapped, recoveredFrom, type Inflated } from './inflate';
import { LineIndex } from './line-index';
import { readCsvSitemap } from './read-csv';
import { readTextSitemap } from './read-text';
import { readSitemapXml } from './read-xml';
import { readSitemapBytes } from './read-xml-bytes';
import { resolveIndexChildren } from './resolve-index';
import { readSiteData } from './read-site-data';

export interface InputFile {
  name: string;
  bytes: Uint8Array;
}

export interface ImportProgress {
  bytesDone: number;
  bytesTotal: number;
  urls: number;
}

export interface ImportOptions {
  /** Cap on the decompressed size of one file (default 256 MiB). */
  maxDecompressedBytes?: number;
  onProgress?: (p: ImportProgress) => void;
  /**
   * Gunzips with a cap; default the portable fflate stream. Node callers
   * pass zlib's native one (several times faster); it must stop at the cap
   * and report truncation and CRC errors the same way.
   */
  gunzip?: (bytes: Uint8Array, cap: number) => Inflated;
  /**
   * 'bytes' (default): sitemaps are read from their bytes where they can be
   * (read-xml-bytes.ts), the string reader taking any file the byte reader
   * gives up on; 'strings': every file is decoded and read as a string. Both
   * give the same rows and problems (the differential test proves it).
   */
  reader?: XmlReader;
}

export type XmlReader = 'bytes' | 'strings';

/**
 * Reads every given file (XML, text, CSV/TSV, gzipped, zipped), resolves
 * sitemap indexes against the files given with them, and reports every
 * problem found while reading. Never throws on bad input.
 */
export function importFiles(inputs: InputFile[], opts: ImportOptions = {}): SitemapSet {
  const set = emptySet();
  const bytesTotal = inputs.reduce((n, f) => n + f.bytes.length, 0);
  let bytesDone = 0;
  for (const input of inputs) {
    importFileInto(set, input, opts);
    bytesDone += input.bytes.length;
    opts.onProgress?.({ bytesDone, bytesTotal, urls: set.rows.length });
  }
  finishImport(set);
  return set;
}

/**
 * {@link importFiles} one file at a time, for a caller that prepares the
 * next file while this one is read (in Node: its gunzip on zlib's thread
 * pool, cli/import-overlapped.ts). End with {@link finishImport}.
 */
export function importFileInto(set: SitemapSet, input: InputFile, opts: ImportOptions = {}): void {
  const cap = opts.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED;
  importOne(set, input.name, input.bytes, null, cap, 0, opts.gunzip ?? gunzipCapped, opts.reader ?? 'bytes');
}

/** Ends an import made with {@link importFileInto}: resolves the indexes against the files read. */
export function finishImport(set: SitemapSet): void {
  resolveIndexChildren(set);
  // V8 keeps the subject of the last regular expression run alive: here the
  // last file's whole text. Running one on '' lets it go.
  /(?:)/.exec('');
}

type Gunzip = (bytes: Uint8Array, cap: number) => Inflated;

// recursion-ok: a gzip or zip inside goes one level down, at most MAX_NESTING levels
function importOne(
  set: SitemapSet,
  name: string,
  bytes: Uint8Array,
  compression: SourceFile['compression'],
  cap: number,
  depth: number,
  gunzip: Gunzip,
  reader: XmlReader,
): void {
  const verdict = judgeBytes(name, bytes, depth);
  if (verdict.kind === 'gzip') {
    const inflated = gunzip(bytes, cap);
    const at = set.problems.length;
    const file = set.files.length;
    if (inflated.capped || inflated.data.length === 0) {
      addFile(set, { name, kind: 'none', count: 0, bytes: inflated.data.length, encoding: '', compression: 'gzip' });
    } else importOne(set, name, inflated.data, 'gzip', cap, depth + 1, gunzip, reader);
    const read = set.files[file];
    if (inflated.cutOff && read) read.partial = true;
    // Said before what reading it found, once what it holds is known.
    const failure = inflated.cutOff && read ? `${inflated.failure}${recoveredFrom(read)}` : inflated.failure;
    if (failure) set.problems.splice(at, 0, compressionProblem(name, failure));
    return;
  }
  if (verdict.kind === 'zip') {
    // Each member is read as soon as it is inflated and then let go: one member's bytes at a time.
    let count = 0;
    const problemsBefore = set.problems.length;
    const { failure, capped } = forEachZipMember(
      bytes,
      (m) => {
        count++;
        const memberName = `${name}/${m.name}`;
        if (m.failure) {
          set.problems.push(compressionProblem(memberName, m.failure));
          addFile(set, {
            name: memberName,
            kind: 'none',
            count: 0,
            bytes: m.data.length,
            encoding: '',
            compression: null,
          });
          return;
        }
        importOne(set, memberName, m.data, null, cap, depth + 1, gunzip, reader);
      },
      cap,
    );
    // The archive's own problem first, as when members were listed before being read.
    if (failure)
      set.problems.splice(
        problemsBefore,
        0,
        compressionProblem(name, capped ? failure : `the zip archive is damaged (${failure})`),
      );
    if (count === 0 && !failure) set.problems.push(emptyZipProblem(name));
    return;
  }
  if (verdict.kind === 'refused') {
    set.problems.push(verdict.problem);
    addFile(set, { name, kind: 'none', count: 0, bytes: verdict.empty ? 0 : bytes.length, encoding: '', compression });
    return;
  }
  if (reader === 'bytes' && importBytes(set, name, bytes, compression)) return;
  importText(set, name, bytes, compression);
}

/** A sitemap read by the byte reader; false (nothing changed) when it gave the file up. */
function importBytes(
  set: SitemapSet,
  name: string,
  bytes: Uint8Array,
  compression: SourceFile['compression'],
): boolean {
  const fileIndex = set.files.length;
  const target = { fileIndex, fileName: name, rows: set.rows, sitemaps: set.sitemaps, problems: set.problems };
  const result = readSitemapBytes(bytes, target);
  if (result === null) return false;
  const file: SourceFile = {
    name,
    kind: result.kind,
    count: result.count,
    bytes: bytes.length,
    encoding: 'utf-8',
    compression,
  };
  // The file goes first in the list, as the string path adds it before reading.
  set.files.push(file);
  set.rows.seal();
  // spread-ok: a file has at most four limit problems (empty, URLs, sitemaps, size)
  set.problems.push(...fileLimitProblems(file));
  return true;
}

function importText(set: SitemapSet, name: string, bytes: Uint8Array, compression: SourceFile['compression']): void {
  const decoded = decodeBytes(bytes);
  const fileIndex = set.files.length;
  const file: SourceFile = {
    name,
    kind: 'none',
    count: 0,
    bytes: bytes.length,
    encoding: decoded.encoding,
    compression,
  };
  addFile(set, file);
  if (decoded.notes.length > 0) {
    const place = decoded.firstReplacement >= 0 ? new LineIndex(decoded.text).at(decoded.firstReplacement) : {};
    set.problems.push(encodingProblem(name, decoded.notes, place));
  }
  const text = decoded.text;
  const verdict = judgeText(name, text);
  if (verdict.kind === 'refused') {
    // spread-ok: a file has at most four limit problems (empty, URLs, sitemaps, size)
    set.problems.push(verdict.problem, ...fileLimitProblems(file));
    return;
  }
  const kind = verdict.kind;
  const target = { fileIndex, fileName: name, rows: set.rows, sitemaps: set.sitemaps, problems: set.problems };
  // robots.txt and crawl exports are data the checks use, not sitemaps.
  const siteData = readSiteData(text, kind);
  if (siteData) {
    file.siteData = siteData;
    // Entries: a crawl export's rows (none of them is a URL of the set).
    if (siteData.kind === 'crawl') file.count = siteData.pages.length;
    return;
  }
  if (kind === 'xml') {
    const result = readSitemapXml(text, target);
    file.kind = result.kind;
    file.count = result.count;
    if (result.endedEarly) file.partial = true;
  } else if (kind === 'csv') {
    file.count = readCsvSitemap(text, target);
    file.kind = file.count > 0 ? 'csv' : 'none';
  } else {
    file.count = readTextSitemap(text, target);
    file.kind = file.count > 0 ? 'text' : 'none';
  }
  set.rows.seal();
  // spread-ok: a file has at most four limit problems (empty, URLs, sitemaps, size)
  set.problems.push(...fileLimitProblems(file));
}

function addFile(set: SitemapSet, file: SourceFile): void {
  set.files.push(file);
}

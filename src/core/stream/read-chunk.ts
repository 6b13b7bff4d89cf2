import { countLineEnds } from '../read/line-ends';
import { readCsvSitemap } from '../read/read-csv';
import { readTextSitemap, readUrlLines } from '../read/read-text';
import { readSitemapXml } from '../read/read-xml';
import { type XmlReadResult, type XmlReadTarget } from '../read/read-target';
import { readSitemapBytes } from '../read/read-xml-bytes';
import { UrlRows } from '../rows/rows';
import type { IndexEntry } from '../rows/types';
import type { Problem } from '../rules/problem';
import type { RootTag } from './root-tag';
import type { TextChunk } from './text-chunker';
import type { ByteChunk } from './byte-chunker';

/** What one chunk of a file gave: its rows (positions remapped to the file), index entries and problems. */
export interface ChunkRead {
  rows: UrlRows;
  sitemaps: IndexEntry[];
  problems: Problem[];
  /** `<url>`/`<sitemap>` entries or lines read. */
  count: number;
  /** The file's last chunk ends inside the root element: the file is cut off (SourceFile.partial). */
  endedEarly?: boolean;
}

interface Target {
  fileIndex: number;
  fileName: string;
}

/**
 * Reads one chunk of an XML sitemap with the table path's tolerant reader.
 * A later chunk is read behind the root's start tag (rebuilt on one line),
 * and a chunk that is not the last one before its end tag, so every chunk is
 * a document of its own; what the reader says about those added tags is
 * dropped, and lines and columns are moved to where they are in the file.
 */
export function readXmlChunk(
  chunk: TextChunk,
  first: boolean,
  root: RootTag | null,
  target: Target,
): ChunkRead & { kind: XmlReadResult['kind'] } {
  const prefix = first || root === null ? '' : root.startTag;
  const suffix = chunk.final || root === null ? '' : root.endTag;
  const out: ChunkRead = { rows: new UrlRows(), sitemaps: [], problems: [], count: 0 };
  const result = readChunkText(prefix + chunk.text + suffix, {
    ...target,
    rows: out.rows,
    sitemaps: out.sitemaps,
    problems: out.problems,
  });
  return settle(out, result, chunk, prefix.length, suffix !== '', endOf(chunk.text, prefix.length));
}

/**
 * {@link readXmlChunk} on a chunk of bytes (byte-chunker.ts), read by the
 * byte reader; null, with nothing read, when it gives the chunk up (the
 * caller decodes the chunk and reads it as text).
 */
export function readXmlBytesChunk(
  chunk: ByteChunk,
  first: boolean,
  root: RootTag,
  target: Target,
): (ChunkRead & { kind: XmlReadResult['kind'] }) | null {
  const out: ChunkRead = { rows: new UrlRows(), sitemaps: [], problems: [], count: 0 };
  const result = readSitemapBytes(chunk.doc, {
    ...target,
    rows: out.rows,
    sitemaps: out.sitemaps,
    problems: out.problems,
  });
  if (result === null) return null;
  const p = first ? 0 : root.startTag.length;
  const end = { line: chunk.lines + 1, column: chunk.lines === 0 ? p + chunk.tailUnits + 1 : chunk.tailUnits + 1 };
  return settle(out, result, chunk, p, !chunk.final, end);
}

/**
 * Drops what the reader said about the added tags (the prefix of `p` code
 * units on line 1, the suffix from `end` on) and moves positions to the file's.
 */
function settle(
  out: ChunkRead,
  result: XmlReadResult,
  chunk: { line: number; column: number },
  p: number,
  suffix: boolean,
  end: { line: number; column: number },
): ChunkRead & { kind: XmlReadResult['kind'] } {
  out.count = result.count;
  const place = new Remap(chunk, p);
  out.problems = out.problems.filter((pr) => {
    if (pr.line === undefined) return true;
    const column = pr.column ?? 1;
    if (p > 0 && pr.line === 1 && column <= p) return false;
    if (suffix && (pr.line > end.line || (pr.line === end.line && column >= end.column))) return false;
    place.problem(pr);
    return true;
  });
  place.rows(out.rows);
  for (const e of out.sitemaps) {
    e.column = place.column(e.line, e.column);
    e.line = place.line(e.line);
  }
  // Only a chunk read without an end tag added can say the file itself ends early.
  if (result.endedEarly && !suffix) out.endedEarly = true;
  return { ...out, kind: result.kind };
}

const ENCODER = new TextEncoder();

/**
 * A chunk's document, read by the byte reader when it takes it (encoding the
 * text back to UTF-8 costs a twentieth of what the byte reader saves over the
 * string reader: measured 0.55-0.78 s against 1.0-1.7 s for 100,000 URLs),
 * else by the string reader; both give the same rows and problems. A text
 * starting with U+FEFF is the string reader's: in bytes it would be a BOM,
 * which moves every column of the first line.
 */
function readChunkText(text: string, target: XmlReadTarget): XmlReadResult {
  if (text.charCodeAt(0) !== 0xfeff) {
    const read = readSitemapBytes(ENCODER.encode(text), target);
    if (read !== null) return read;
  }
  return readSitemapXml(text, target);
}

/**
 * Reads one chunk of a text sitemap (whole lines). The first chunk goes
 * through the table path's reader, which also judges whether the file lists
 * URLs at all; later ones through the same loop, line numbers moved on.
 */
export function readTextChunk(chunk: TextChunk, first: boolean, target: Target): ChunkRead {
  const out: ChunkRead = { rows: new UrlRows(), sitemaps: [], problems: [], count: 0 };
  if (first) {
    out.count = readTextSitemap(chunk.text, { ...target, rows: out.rows, problems: out.problems });
    new Remap(chunk, 0).rows(out.rows);
    return out;
  }
  out.count = readUrlLines(chunk.text, chunk.line, { ...target, rows: out.rows, problems: out.problems });
  return out;
}

/**
 * Reads one chunk of a CSV/TSV sitemap (whole lines). A later chunk is read
 * behind the file's first line, so its columns are found the same way: a
 * header is skipped by the reader, a first line that was a URL row is read
 * again and dropped here. Line numbers are the record's, as in the table path.
 */
export function readCsvChunk(
  chunk: TextChunk,
  firstLine: string | null,
  headerless: boolean,
  target: Target,
): ChunkRead {
  const out: ChunkRead = { rows: new UrlRows(), sitemaps: [], problems: [], count: 0 };
  const text = firstLine === null ? chunk.text : firstLine + '\n' + chunk.text;
  const read = readCsvSitemap(text, { ...target, rows: out.rows, problems: out.problems });
  // Records count from the added line; the chunk's first line is record 2.
  const shift = firstLine === null ? chunk.line - 1 : chunk.line - 2;
  out.problems = out.problems.filter((p) => {
    if (firstLine !== null && p.line === 1) return false;
    if (p.line !== undefined) p.line += shift;
    return true;
  });
  let rows = out.rows;
  if (firstLine !== null && headerless && rows.length > 0) {
    const all = rows;
    rows = new UrlRows();
    for (let i = 1; i < all.length; i++) {
      rows.pushValues(
        all.loc.get(i),
        all.lastmod.get(i),
        all.changefreq.get(i),
        all.priority.get(i),
        undefined,
        target.fileIndex,
        all.line[i] as number,
        1,
        0,
      );
    }
  }
  for (let i = 0; i < rows.length; i++) rows.setOrigin(i, (rows.line[i] as number) + shift, rows.column[i] as number);
  out.rows = rows;
  out.count = firstLine !== null && headerless ? Math.max(0, read - 1) : read;
  return out;
}

/** Moves reader positions (in prefix + chunk) to file positions. */
class Remap {
  constructor(
    private readonly chunk: { line: number; column: number },
    private readonly prefix: number,
  ) {}

  line(line: number): number {
    return line === 0 ? 0 : this.chunk.line + line - 1;
  }

  column(line: number, column: number): number {
    if (line !== 1 || column === 0) return column;
    return this.chunk.column + column - 1 - this.prefix;
  }

  problem(p: Problem): void {
    if (p.line === undefined) return;
    if (p.column !== undefined) p.column = this.column(p.line, p.column);
    p.line = this.line(p.line);
  }

  rows(rows: UrlRows): void {
    const n = rows.length;
    if (n === 0) return;
    // Widened once for the largest values, then written straight in:
    // setOrigin per row cost a tenth of the streaming read at 1,000,000 URLs.
    let maxLine = 0;
    let maxColumn = 0;
    for (let i = 0; i < n; i++) {
      const l = rows.line[i] as number;
      maxLine = Math.max(maxLine, this.line(l));
      maxColumn = Math.max(maxColumn, this.column(l, rows.column[i] as number));
    }
    const line0 = rows.line[0] as number;
    const column0 = rows.column[0] as number;
    rows.setOrigin(0, maxLine, maxColumn);
    const line = rows.line;
    const column = rows.column;
    line[0] = line0;
    column[0] = column0;
    for (let i = 0; i < n; i++) {
      const l = line[i] as number;
      column[i] = this.column(l, column[i] as number);
      line[i] = this.line(l);
    }
  }
}

/** Line and column (reader coordinates) just after the chunk's text. */
function endOf(text: string, prefix: number): { line: number; column: number } {
  const { lines, lastLineStart } = countLineEnds(text);
  return { line: lines + 1, column: lines === 0 ? prefix + text.length + 1 : text.length - lastLineStart + 1 };
}

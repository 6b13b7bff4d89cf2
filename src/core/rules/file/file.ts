/*
 * What the file rules say, written once for both paths: the table path
 * (read/import-files.ts and the readers) and the streaming one
 * (stream/file-feed.ts, text-sink.ts) report a file alike. The classifier of
 * what a file is lives beside it (file-kind.ts).
 */
import type { SourceFile } from '../../rows/types';
import { formatBytes } from '../../text/format';
import { LIMITS } from '../limits';
import { makeProblem, type Problem, type ProblemPlace } from '../problem';
import { TOO_MANY_SITEMAPS } from '../sitemap-index/index-rules';
import {
  COMPRESSION,
  EMPTY_SITEMAP,
  ENCODING,
  FILE_TOO_LARGE,
  NOT_A_SITEMAP,
  TOO_MANY_URLS,
  XML_MALFORMED,
} from './file-rules';

/** How every reader's xml-malformed message starts. */
export const MALFORMED_PREFIX = 'Not well-formed XML: ';

/**
 * How every reader's defect about a file cut off starts ("the file ends
 * inside this <url>", "the file ends before </urlset>"): what was cut off
 * is lost, which no writing repairs (write/export-repairs.ts).
 */
export const FILE_ENDS = 'the file ends ';

/** A file that did not decompress (a gzip, a zip or one of its members): `failure` says why. */
export function compressionProblem(name: string, failure: string): Problem {
  return makeProblem(COMPRESSION, `${name}: ${failure}`, { file: name });
}

/** A zip archive that holds nothing. */
export function emptyZipProblem(name: string): Problem {
  return makeProblem(NOT_A_SITEMAP, `${name}: the zip archive holds no files`, { file: name });
}

/** A file that is not clean UTF-8: the decoder's notes, at the first replaced character when known. */
export function encodingProblem(name: string, notes: readonly string[], place: ProblemPlace = {}): Problem {
  return makeProblem(ENCODING, `The file is not clean UTF-8: ${notes.join('; ')}`, { file: name, ...place });
}

/** The summary of the XML defects of a file past the first MAX_MALFORMED_PER_FILE. */
export function moreMalformedProblem(name: string, more: number): Problem {
  return makeProblem(XML_MALFORMED, `${more} more XML defects in this file are not listed`, { file: name });
}

/** How many defects a summary made by {@link moreMalformedProblem} counts; null for any other message. */
export function moreMalformedCount(message: string): number | null {
  const m = /^(\d+) more XML defects in this file are not listed/.exec(message);
  return m ? Number(m[1]) : null;
}

/** The per-file problems known once a file is read: empty, too many URLs or sitemaps, too large. */
export function fileLimitProblems(file: SourceFile): Problem[] {
  const out: Problem[] = [];
  const where = { file: file.name };
  const limits = LIMITS.standard;
  const listsUrls =
    file.kind === 'urlset' ||
    file.kind === 'text' ||
    file.kind === 'csv' ||
    file.kind === 'rss' ||
    file.kind === 'atom';
  if ((file.kind === 'urlset' || file.kind === 'rss' || file.kind === 'atom') && file.count === 0) {
    out.push(makeProblem(EMPTY_SITEMAP, 'This sitemap lists no URLs', where));
  }
  if (listsUrls && file.count > limits.maxUrls) {
    out.push(
      makeProblem(
        TOO_MANY_URLS,
        `${file.count.toLocaleString('en-US')} URLs in one file; the limit is 50,000 (export splits the file)`,
        where,
      ),
    );
  }
  if (file.kind === 'sitemapindex' && file.count > limits.maxSitemaps) {
    out.push(
      makeProblem(
        TOO_MANY_SITEMAPS,
        `${file.count.toLocaleString('en-US')} sitemaps in one index; the limit is 50,000`,
        where,
      ),
    );
  }
  if (file.bytes > limits.maxBytes) {
    out.push(
      makeProblem(
        FILE_TOO_LARGE,
        `${formatBytes(file.bytes)} uncompressed; the limit is 52,428,800 bytes (50 MiB; export splits the file)`,
        where,
      ),
    );
  }
  return out;
}

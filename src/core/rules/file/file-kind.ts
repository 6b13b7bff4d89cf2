/*
 * The one classifier of what a file is, for the table path
 * (read/import-files.ts) and the streaming one (stream/file-feed.ts,
 * text-sink.ts): by its first bytes (compressed, empty, binary, text), then
 * by its text (XML, HTML, CSV, a list of URLs, nothing). What it refuses is
 * reported as not-a-sitemap, in the same words on both paths.
 */
import { makeProblem, type Problem } from '../problem';
import { MAX_NESTING, NOT_A_SITEMAP } from './file-rules';
import { sniffBytes, sniffText, type TextKind } from './sniff';

/** What to do with a file, judged by its first bytes. */
export type BytesVerdict =
  /** Decompress it and judge what it holds. */
  | { kind: 'gzip' | 'zip' }
  /** Decode it and judge its text. */
  | { kind: 'text' }
  /** Not a sitemap (empty, binary, nested too deeply): the problem to report; the file is listed as read, of kind 'none'. */
  | { kind: 'refused'; problem: Problem; empty: boolean };

/**
 * Judges a file by its first bytes (`head`: at least its first 4 KiB, or the
 * whole file when shorter); `depth`: how many archives it is inside.
 */
export function judgeBytes(name: string, head: Uint8Array, depth: number): BytesVerdict {
  const sniff = sniffBytes(head);
  if ((sniff.kind === 'gzip' || sniff.kind === 'zip') && depth < MAX_NESTING) return { kind: sniff.kind };
  if (sniff.kind === 'empty')
    return { kind: 'refused', problem: makeProblem(NOT_A_SITEMAP, 'The file is empty', { file: name }), empty: true };
  if (sniff.kind !== 'textual') {
    const label = sniff.label ?? 'a compressed file nested too deeply';
    return {
      kind: 'refused',
      problem: makeProblem(NOT_A_SITEMAP, `This is ${label}, not a sitemap`, { file: name }),
      empty: false,
    };
  }
  return { kind: 'text' };
}

/** What to do with a decoded file, judged by its text. */
export type TextVerdict =
  | { kind: Exclude<TextKind, 'empty' | 'html'> }
  /** Not a sitemap: `empty` when it holds only white space (a stream waits for its end to say so). */
  | { kind: 'refused'; problem: Problem; empty: boolean };

/** Judges decoded text (`text`: the file, or at least its head) named `name`. */
export function judgeText(name: string, text: string): TextVerdict {
  const kind = sniffText(text, name);
  if (kind === 'empty')
    return {
      kind: 'refused',
      problem: makeProblem(NOT_A_SITEMAP, 'The file holds only whitespace', { file: name }),
      empty: true,
    };
  if (kind === 'html')
    return {
      kind: 'refused',
      problem: makeProblem(
        NOT_A_SITEMAP,
        'This is an HTML page, not a sitemap: the server may have sent a web page (an error page or a login page) where the sitemap should be',
        { file: name, line: 1, column: 1 },
      ),
      empty: false,
    };
  return { kind };
}

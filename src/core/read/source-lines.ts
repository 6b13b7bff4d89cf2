/**
 * The source lines around a file-level problem (not well-formed XML at
 * line:column, a stray tag), for the Problems panel: such a problem has no
 * row to show, so its place in the file is what the user needs to see.
 */
import { decodeBytes } from './decode';
import { forEachZipMember, gunzipCapped } from './inflate';
import { sniffBytes } from '../rules/file/sniff';

/** Some lines of a file, cut to a readable width. */
export interface SourceLines {
  /** The 1-based number of `lines[0]`. */
  first: number;
  lines: string[];
  /** The 1-based line the problem is on (one of them). */
  line: number;
  /** Where each line's text starts in the source line (0 unless a long line was cut at its start). */
  offsets: number[];
}

/** Characters of a line shown; a longer one is cut around the problem's column. */
export const MAX_LINE_CHARS = 240;

/**
 * The lines `radius` before and after `line` (1-based) of a text, reading
 * only as far as the last of them. A line over {@link MAX_LINE_CHARS} is
 * cut: the problem's line around `column` (1-based), the others at their
 * start. Line ends are those the readers count: LF, CRLF and a lone CR.
 * Returns null when the text has no such line.
 */
export function linesAround(text: string, line: number, column: number, radius = 3): SourceLines | null {
  if (line < 1) return null;
  const first = Math.max(1, line - radius);
  const last = line + radius;
  const lines: string[] = [];
  const offsets: number[] = [];
  let at = 0;
  for (let n = 1; n <= last && at <= text.length; n++) {
    let end = at;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    if (n >= first) {
      const cutAt = n === line ? Math.max(0, Math.min(column - 1 - MAX_LINE_CHARS / 2, end - at - MAX_LINE_CHARS)) : 0;
      lines.push(text.slice(at + cutAt, Math.min(end, at + cutAt + MAX_LINE_CHARS)));
      offsets.push(cutAt);
    }
    if (end >= text.length) break;
    at = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  if (first + lines.length - 1 < line) return null;
  return { first, lines, line, offsets };
}

/**
 * The decoded text of the file named `fileName` among what the user gave:
 * a file itself, a gzipped one, or a member of a zip (`bundle.zip/a.xml`),
 * unpacked as the import did. Null when it is not there or not text.
 */
// recursion-ok: once at most: a zip's member is read as a file of its own name
export function fileText(inputName: string, bytes: Uint8Array, fileName: string): string | null {
  if (fileName !== inputName && !fileName.startsWith(`${inputName}/`)) return null;
  let data = bytes;
  if (sniffBytes(data).kind === 'gzip') {
    const inflated = gunzipCapped(data);
    if (inflated.data.length === 0) return null;
    data = inflated.data;
  }
  if (fileName !== inputName) {
    if (sniffBytes(data).kind !== 'zip') return null;
    const member = fileName.slice(inputName.length + 1);
    let found = null as Uint8Array | null;
    forEachZipMember(data, (m) => {
      if (m.name === member && !m.failure) found = m.data;
    });
    if (!found) return null;
    return fileText(member, found, member);
  }
  if (sniffBytes(data).kind !== 'textual') return null;
  return decodeBytes(data).text;
}

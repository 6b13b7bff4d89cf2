import type { ExtElement, UrlField } from '../rows/types';

/** One `<url>` or `<sitemap>` entry while it is read: fields undefined until seen. */
export interface Entry {
  /** Offset of its start tag. */
  at: number;
  line: number;
  column: number;
  loc: string | undefined;
  lastmod: string | undefined;
  changefreq: string | undefined;
  priority: string | undefined;
  /** READ_FLAG bits. */
  flags: number;
  ext: ExtElement[];
  /** Text directly inside the entry (a bare URL where a <loc> belongs). */
  bare: string;
}

/** Shared by every entry without extensions; replaced, never pushed to. */
export const NO_EXT: ExtElement[] = [];

/** A blank entry record (the reader reuses one for every entry). */
export function newEntry(): Entry {
  return {
    at: 0,
    line: 0,
    column: 0,
    loc: undefined,
    lastmod: undefined,
    changefreq: undefined,
    priority: undefined,
    flags: 0,
    ext: NO_EXT,
    bare: '',
  };
}

/** `prefix:name` as the element was written. */
export function qualified(el: ExtElement): string {
  return el.prefix ? `${el.prefix}:${el.name}` : el.name;
}

/** What a cut-off entry held besides its loc, named in the problem that says it is not read. */
export function heldParts(entry: Entry): CutPart[] {
  const held: CutPart[] = [];
  for (const f of ['lastmod', 'changefreq', 'priority'] as const) {
    const v = entry[f];
    if (v) held.push({ name: f, text: v });
  }
  for (const el of entry.ext) held.push({ name: qualified(el), text: '' });
  return held;
}

/** A field or extension element the end of the file cut off. */
export interface CutPart {
  /** The element's name as written, without brackets (`loc`, `image:image`). */
  name: string;
  /** What it held when the file ended ('' when nothing or not text). */
  text: string;
}

/** Values are quoted in messages, but a message stays one line. */
function quote(s: string): string {
  return `"${s.length > 80 ? `${s.slice(0, 77)}...` : s}"`;
}

function named(parts: readonly CutPart[]): string {
  return parts.map((c) => (c.text ? `<${c.name}> ${quote(c.text)}` : `<${c.name}>`)).join(', ');
}

/**
 * The message for an entry the end of the file cut off. `dropped` is
 * undefined when the entry is kept (with its complete fields); else its loc
 * was cut off, the entry is not read, and `dropped` lists the complete parts
 * it also had, so nothing goes unsaid.
 */
export function cutEntryMessage(
  entry: 'url' | 'sitemap',
  insideTag: string,
  cut: readonly CutPart[],
  dropped: readonly CutPart[] | undefined,
): string {
  const where = `the file ends inside this <${entry}>${insideTag ? `, ${insideTag}` : ''} (truncated?)`;
  if (dropped === undefined) {
    return cut.length === 0
      ? `${where}: its fields were complete and are kept`
      : `${where}: a value cut off is not a value, so ${named(cut)} ${cut.length === 1 ? 'is' : 'are'} left out; the complete fields are kept`;
  }
  const loc = cut.find((c) => c.name === 'loc')?.text ?? '';
  const rest = cut.filter((c) => c.name !== 'loc');
  const also = [...dropped, ...rest];
  return `${where}: a URL cut off is not a URL, so the entry is not read (its <loc> held ${quote(loc)}${also.length ? `; it also had ${named(also)}` : ''})`;
}

/** The message for a second core field in one `<sitemap>` index entry (the first is kept). */
export function duplicateInIndexMessage(field: UrlField, kept: string, dropped: string): string {
  return `A second <${field}> in one <sitemap> entry: the first, ${quote(kept)}, is kept; this one, ${quote(dropped)}, is dropped`;
}

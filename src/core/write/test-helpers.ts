/**
 * Builders for tests of the writers: rows from plain objects and extension
 * trees from terse calls. Pure (no Node built-ins) so any test may use them.
 */
import { KNOWN_EXTENSIONS } from '../rows/namespaces';
import { UrlRows, type UrlEntry } from '../rows/rows';
import type { ExtAttr, ExtElement, ExtNode } from '../rows/types';
import { LIMITS } from '../rules/limits';
import type { ExportOptions } from './options';

/** Rows from partial entries ('' / [] for what is left out). */
export function rowsOf(entries: readonly Partial<UrlEntry>[]): UrlRows {
  const rows = new UrlRows();
  for (const e of entries) {
    rows.push({
      loc: e.loc ?? '',
      lastmod: e.lastmod ?? '',
      changefreq: e.changefreq ?? '',
      priority: e.priority ?? '',
      ext: e.ext ?? [],
    });
  }
  return rows;
}

/** An element in `ns` with prefix hint `prefix`; attrs as name → value (unprefixed). */
export function el(
  ns: string,
  prefix: string,
  name: string,
  attrs: Record<string, string> | ExtAttr[] = {},
  children: ExtNode[] = [],
): ExtElement {
  const list = Array.isArray(attrs)
    ? attrs
    : Object.entries(attrs).map(([n, value]) => ({ ns: '', prefix: '', name: n, value }));
  return { ns, prefix, name, attrs: list, children };
}

/** An element of a known extension, with its conventional prefix as hint. */
export function ext(
  kind: keyof typeof KNOWN_EXTENSIONS,
  name: string,
  attrs: Record<string, string> | ExtAttr[] = {},
  children: ExtNode[] = [],
): ExtElement {
  return el(KNOWN_EXTENSIONS[kind], kind, name, attrs, children);
}

/** `<image:image><image:loc>url</image:loc></image:image>`. */
export function image(url: string, more: ExtElement[] = []): ExtElement {
  return ext('image', 'image', {}, [ext('image', 'loc', {}, [url]), ...more]);
}

/** Default options: XML, no gzip, standard limits, a fixed export time. */
export function options(over: Partial<ExportOptions> = {}): ExportOptions {
  return {
    format: 'xml',
    gzip: false,
    index: 'auto',
    siteUrl: 'https://example.com/',
    limits: LIMITS.standard,
    schemaLocation: false,
    lastmodForm: 'as-is',
    now: new Date(Date.UTC(2024, 4, 6, 7, 8, 9)),
    ...over,
  };
}

const decoder = new TextDecoder();

/** A file's bytes as text. */
export function text(data: Uint8Array): string {
  return decoder.decode(data);
}

/** How many times `needle` occurs in `hay`. */
export function count(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** Byte equality; vitest's deep equality walks typed arrays element by element, slowly. */
export function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

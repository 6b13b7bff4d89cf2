/** Blank between markup: XML white space, and a stray byte order mark. */
export function isBlank(text: string, start: number, end: number): boolean {
  return firstNonBlank(text, start, end) === end - start;
}

/** Offset from `start` of the first character that is not blank (`end - start` when none). */
export function firstNonBlank(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xfeff) return i - start;
  }
  return end - start;
}

/** A value short enough for a one-line message. */
export function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/**
 * ` (its <loc> held "…")` for an entry of the wrong kind that is skipped (a
 * `<sitemap>` in a urlset), so nothing is dropped without being named; ''
 * when it has no loc before its end tag.
 */
export function locOfSkipped(src: string, qname: string, at: number): string {
  const end = src.indexOf(`</${qname}`, at);
  const body = src.slice(at, end === -1 ? Math.min(src.length, at + 4096) : end);
  const m = /<(?:[A-Za-z_][\w.-]*:)?loc>\s*([^<]*?)\s*<\//.exec(body);
  return m ? ` (its <loc> held "${clip(m[1] as string)}")` : '';
}

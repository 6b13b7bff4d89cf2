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

/** Text as XML reads it, with the CRs it dropped (offsets into the raw text, ascending). */
export interface XmlSpaced {
  text: string;
  dropped: number[];
}

const NO_DROPS: number[] = [];
const LINE_END_CR = /\r/;
const ATTRIBUTE_SPACE = /[\t\n\r]/;

/**
 * What XML makes of the literal characters of raw text before its references
 * are resolved: a CR LF or a lone CR is one LF (end-of-line handling, XML
 * 1.0 §2.11), and in an attribute value each tab, LF and CR is then a
 * space (attribute-value normalisation, §3.3.3). A reference (`&#9;`) is
 * not touched: it keeps its character, which is how a writer keeps one.
 */
export function xmlSpaced(raw: string, attribute: boolean): XmlSpaced {
  if (!(attribute ? ATTRIBUTE_SPACE : LINE_END_CR).test(raw)) return { text: raw, dropped: NO_DROPS };
  const dropped: number[] = [];
  let text = '';
  let last = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 13) {
      const crlf = raw.charCodeAt(i + 1) === 10;
      text += raw.slice(last, i) + (attribute ? ' ' : '\n');
      if (crlf) {
        dropped.push(i);
        i++;
      }
      last = i + 1;
    } else if (attribute && (c === 9 || c === 10)) {
      text += raw.slice(last, i) + ' ';
      last = i + 1;
    }
  }
  return { text: text + raw.slice(last), dropped };
}

/** Where offset `at` of {@link xmlSpaced}'s text is in the raw text. */
export function rawOffset(spaced: XmlSpaced, at: number): number {
  let k = 0;
  const d = spaced.dropped;
  while (k < d.length && (d[k] as number) - k <= at) k++;
  return at + k;
}

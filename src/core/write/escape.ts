/**
 * Escaping for everything the writers emit. Every value goes through one of
 * the four functions here; each first runs one native regex test and returns
 * its input unchanged when nothing needs escaping, which is what almost every
 * sitemap value looks like (a 1,000,000-row export calls these millions of
 * times).
 *
 * Characters XML 1.0 does not allow (C0 controls other than tab, LF and CR;
 * U+FFFE and U+FFFF; lone surrogates) are never written raw:
 * - in a `<loc>` (and a text-sitemap line) they are percent-encoded as their
 *   UTF-8 bytes (a lone surrogate as U+FFFD's), because a URL must keep its
 *   information and `%XX` is how a URL carries an unusual octet. In a text
 *   sitemap, tab, LF and CR are percent-encoded too, since a raw new line
 *   would split the line in two. In an XML `<loc>` they are written as they
 *   are (CR as `&#xD;`): a loc wrapped in new lines is a `loc-whitespace`
 *   error the checker reports and Fix trims, and `%0Ahttps://…` would turn
 *   it into a URL without a scheme, silently;
 * - in any other text or attribute they are dropped: XML has no way to carry
 *   them, not even as a character reference.
 * Each is counted in the optional {@link EscapeStats} so the export can report
 * it (repairs are never silent).
 *
 * To keep the value a parser reads back identical to the one written, CR in
 * text, and tab/LF/CR in attribute values, are written as character
 * references: a parser would otherwise normalise them (end-of-line handling
 * and attribute-value normalisation).
 */

import { mayHaveSpaceAround, trimXmlSpace } from '../read/value-trim';

/** Counts of characters that could not be written as they were. */
export interface EscapeStats {
  /** Characters not allowed in XML 1.0, dropped from text or attributes. */
  dropped: number;
  /** Characters percent-encoded in a URL (controls, whitespace controls, non-characters). */
  percentEncoded: number;
  /** Lastmod values written as is but completed for the schema (see completeForSchema). */
  lastmodCompleted: number;
  /** Extension elements and attributes left out because their name is not an XML name (see write-ext). */
  namesDropped: number;
  /** Values written without the white space around them (a reader would trim it; SPEC §2). */
  trimmed: number;
}

/** A fresh zeroed counter. */
export function newEscapeStats(): EscapeStats {
  return { dropped: 0, percentEncoded: 0, lastmodCompleted: 0, namesDropped: 0, trimmed: 0 };
}

type Table = readonly (string | undefined)[];

const ENTITIES: Record<number, string> = { 0x26: '&amp;', 0x3c: '&lt;', 0x3e: '&gt;', 0x22: '&quot;', 0x27: '&apos;' };

/** Marks a C0 control to drop (the empty string is a legitimate replacement elsewhere). */
const DROP = '\u0000';

function hex2(c: number): string {
  return (c < 16 ? '0' : '') + c.toString(16).toUpperCase();
}

function buildTable(kind: 'text' | 'attr' | 'loc' | 'locTxt'): Table {
  const t: (string | undefined)[] = new Array<string | undefined>(0x80).fill(undefined);
  for (let c = 0; c < 0x20; c++) {
    if (kind === 'loc' || kind === 'locTxt') t[c] = '%' + hex2(c);
    else t[c] = DROP;
  }
  if (kind === 'text' || kind === 'loc') {
    t[0x09] = undefined;
    t[0x0a] = undefined;
    t[0x0d] = '&#xD;';
  } else if (kind === 'attr') {
    t[0x09] = '&#x9;';
    t[0x0a] = '&#xA;';
    t[0x0d] = '&#xD;';
  }
  if (kind !== 'locTxt') for (const [c, e] of Object.entries(ENTITIES)) t[Number(c)] = e;
  return t;
}

const TEXT_TABLE = buildTable('text');
const ATTR_TABLE = buildTable('attr');
const LOC_TABLE = buildTable('loc');
const LOC_TXT_TABLE = buildTable('locTxt');

// Surrogate ranges in a non-unicode regex match single code units, so valid
// pairs also take the slow path; it lets them through.
const TEXT_RE = /[&<>"'\r\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]/;
const ATTR_RE = /[&<>"'\x00-\x1f\ud800-\udfff\ufffe\uffff]/;
const LOC_TXT_RE = /[\x00-\x1f\ud800-\udfff\ufffe\uffff]/;

const PCT_FFFD = '%EF%BF%BD';
const PCT_FFFE = '%EF%BF%BE';
const PCT_FFFF = '%EF%BF%BF';

function slow(s: string, table: Table, percent: boolean, stats: EscapeStats | undefined): string {
  let out = '';
  let last = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let rep: string;
    if (c < 0x80) {
      const r = table[c];
      if (r === undefined) continue;
      if (r === DROP) {
        rep = '';
        if (stats) stats.dropped++;
      } else {
        rep = r;
        if (percent && r.charCodeAt(0) === 37 /* % */ && stats) stats.percentEncoded++;
      }
    } else if (c < 0xd800) {
      continue;
    } else if (c <= 0xdbff) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      rep = invalid(percent, PCT_FFFD, stats);
    } else if (c <= 0xdfff) {
      rep = invalid(percent, PCT_FFFD, stats);
    } else if (c === 0xfffe) {
      rep = invalid(percent, PCT_FFFE, stats);
    } else if (c === 0xffff) {
      rep = invalid(percent, PCT_FFFF, stats);
    } else continue;
    out += s.slice(last, i) + rep;
    last = i + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

function invalid(percent: boolean, pct: string, stats: EscapeStats | undefined): string {
  if (percent) {
    if (stats) stats.percentEncoded++;
    return pct;
  }
  if (stats) stats.dropped++;
  return '';
}

/** Escapes element text content: the five entities, CR as `&#xD;`, disallowed characters dropped. */
export function escapeText(s: string, stats?: EscapeStats): string {
  return TEXT_RE.test(s) ? slow(s, TEXT_TABLE, false, stats) : s;
}

/** Escapes an attribute value (for `"`-quoted output): as text, plus tab and LF as references. */
export function escapeAttr(s: string, stats?: EscapeStats): string {
  return ATTR_RE.test(s) ? slow(s, ATTR_TABLE, false, stats) : s;
}

/**
 * Escapes a URL for an XML element (`<loc>`): controls and non-characters
 * percent-encoded, then the five entities. Nothing else about the URL is
 * changed: percent-encoding non-ASCII and punycode are the fixer's job,
 * reported by the checker (`loc-unescaped`).
 */
export function escapeLoc(s: string, stats?: EscapeStats): string {
  return ATTR_RE.test(s) ? slow(s, LOC_TABLE, true, stats) : s;
}

/** A URL for a text sitemap line: controls and non-characters percent-encoded, no entities. */
/**
 * `s` without XML white space around it, counted in `stats` when there was
 * some: a value is never written padded, since every reader (ours included)
 * trims it, and a padded loc is not a URL.
 */
export function unpadded(s: string, stats?: EscapeStats): string {
  if (!mayHaveSpaceAround(s)) return s;
  const t = trimXmlSpace(s);
  if (t !== s && stats) stats.trimmed++;
  return t;
}

const UNWRITABLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as it will be written, unpadded: the characters XML cannot hold go
 * first (counted as dropped), so that what is left has no white space
 * around it either — a reader would trim what the drop laid bare.
 */
export function unpaddedText(s: string, stats?: EscapeStats): string {
  UNWRITABLE.lastIndex = 0;
  if (!UNWRITABLE.test(s)) return unpadded(s, stats);
  let dropped = 0;
  const kept = s.replace(UNWRITABLE, () => {
    dropped++;
    return '';
  });
  if (stats) stats.dropped += dropped;
  return unpadded(kept, stats);
}

export function cleanLocText(s: string, stats?: EscapeStats): string {
  return LOC_TXT_RE.test(s) ? slow(s, LOC_TXT_TABLE, true, stats) : s;
}

/**
 * Strings made only of ASCII that no writer changes (no entity character, no
 * control other than tab/LF): written as they are, and their UTF-8 size is
 * their length. One anchored regex settles both questions for the common case.
 */
const PLAIN_ASCII = /^[\t\n\x20\x21\x23-\x25\x28-\x3b\x3d\x3f-\x7e]*$/;

/** True when `s` is pure ASCII that {@link escapeText} returns unchanged. */
export function isPlainAscii(s: string): boolean {
  return PLAIN_ASCII.test(s);
}

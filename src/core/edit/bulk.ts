/*
 * Bulk edits planned as changes, never applied here: the worker applies the
 * plan and records it for undo. Rows are chosen by position (a view or a
 * selection resolved by the caller); changes name rows by their stable id.
 */
import { isChangefreq } from '../rules/changefreq/changefreq-rules';
import { parseW3c, W3cStatus } from '../rules/lastmod/w3c-datetime';
import { locMask } from '../rules/loc/loc-mask';
import { priorityMask } from '../rules/priority/priority-rules';
import type { CellChange } from '../rows/changes';
import { KNOWN_EXTENSIONS } from '../rows/namespaces';
import type { UrlRows } from '../rows/rows';
import type { ExtElement, UrlField } from '../rows/types';
import type { UrlFieldGroup } from './url-field-groups';
import { errorMessage } from '../text/error-message';
import { LOC_BIT } from '../rules/loc/loc-rules';

/** The fields a bulk "set" writes; loc has find & replace instead. */
export type BulkField = 'lastmod' | 'changefreq' | 'priority';

/**
 * The loc defects a replacement must not bring in without the user's
 * confirmation: a URL that is missing, relative, of another scheme, or with
 * white space is no longer a usable URL.
 */
export const LOC_BREAKING = LOC_BIT.missing | LOC_BIT.notAbsolute | LOC_BIT.scheme | LOC_BIT.whitespace;

/** Why a bulk value is refused, or null when it is fine ('' clears an optional field). */
export function checkBulkValue(field: BulkField, value: string): string | null {
  if (value === '') return null;
  switch (field) {
    case 'changefreq':
      return isChangefreq(value)
        ? null
        : `"${value}" is not a changefreq: use always, hourly, daily, weekly, monthly, yearly or never.`;
    case 'priority':
      return priorityMask(value) === 0 ? null : `"${value}" is not a priority from 0.0 to 1.0.`;
    case 'lastmod': {
      const status = parseW3c(value);
      return status === W3cStatus.Ok || status === W3cStatus.NoZone
        ? null
        : `"${value}" is not a W3C date such as 2024-05-08 or 2024-05-08T10:00:00Z.`;
    }
  }
}

/** Today's date as a lastmod (`YYYY-MM-DD`, in UTC, which no check calls a future date). */
export function todayLastmod(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Sets `field` to `value` in the rows at these positions; rows that already
 * hold the value are left out. The value is not checked here: see
 * {@link checkBulkValue}.
 */
export function planSet(rows: UrlRows, positions: ArrayLike<number>, field: BulkField, value: string): CellChange[] {
  const column = rows.columnOf(field);
  const changes: CellChange[] = [];
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k] as number;
    const before = column.get(p);
    if (before !== value) changes.push({ row: rows.id[p] as number, field, before, after: value });
  }
  return changes;
}

export interface ReplaceOptions {
  find: string;
  replace: string;
  /** `find` is a JavaScript regular expression and `replace` may use `$1`, `$&`, `$<name>`. */
  regex: boolean;
  caseSensitive: boolean;
  /** The URL fields it acts on (see rewrite-urls.ts); loc alone when absent. */
  fields?: UrlFieldGroup[];
  /** What the user asked in words, for the undo history, when the pattern is not what they typed (a preset). */
  describe?: string;
}

export type Replacer = { ok: true; apply: (s: string) => string } | { ok: false; message: string };

/** The replacement as a function, or why it cannot be one (an empty or invalid pattern): never throws. */
export function compileReplace(opts: ReplaceOptions): Replacer {
  if (opts.find === '') return { ok: false, message: 'Type the text to find.' };
  const flags = opts.caseSensitive ? 'gu' : 'giu';
  let re: RegExp;
  try {
    re = new RegExp(opts.regex ? opts.find : escapeRegExp(opts.find), flags);
  } catch (err) {
    const why = errorMessage(err).replace(/^Invalid regular expression: /, '');
    return { ok: false, message: `That is not a valid regular expression: ${why}` };
  }
  // Plain text replaces literally: a `$` in it means a dollar sign.
  const replacement = opts.regex ? opts.replace : opts.replace.replaceAll('$', '$$$$');
  return { ok: true, apply: (s) => s.replace(re, replacement) };
}

/**
 * Plain text as a pattern that matches it literally under the `u` flag. Only
 * the syntax characters are escaped: with `u`, an escape of anything else
 * (`\-`, `\'`, `\@`) is an error, so `old-shop.example` could not be found.
 */
export function escapeRegExp(s: string): string {
  return s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

export interface ReplacePlan {
  changes: CellChange[];
  /** Ids of the changed rows whose loc the replacement would make unusable (see {@link LOC_BREAKING}). */
  breaking: number[];
}

/** Find & replace in the loc of the rows at these positions. */
export function planReplace(rows: UrlRows, positions: ArrayLike<number>, apply: (s: string) => string): ReplacePlan {
  const changes: CellChange[] = [];
  const breaking: number[] = [];
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k] as number;
    const before = rows.loc.get(p);
    const after = apply(before);
    if (after === before) continue;
    const id = rows.id[p] as number;
    changes.push({ row: id, field: 'loc', before, after });
    // Only defects the replacement brings in: a loc broken already is not its fault.
    if (locMask(after) & LOC_BREAKING & ~locMask(before)) breaking.push(id);
  }
  return { changes, breaking };
}

/**
 * The values of a column pasted from a spreadsheet: one per line (CRLF, LF
 * or CR), the first cell of each when the copy had several columns; the
 * empty line a spreadsheet adds at the end is dropped, inner empty lines
 * are values (they clear a cell).
 */
export function splitPastedColumn(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => {
    const tab = line.indexOf('\t');
    return (tab < 0 ? line : line.slice(0, tab)).trim();
  });
}

/**
 * Writes value k into `field` of the row at view[start + k]: a pasted column
 * lands on consecutive rows of the view from the focused one. Values past
 * the view's end are dropped; rows that already hold their value are left out.
 */
export function planPasteColumn(
  rows: UrlRows,
  view: ArrayLike<number>,
  start: number,
  field: UrlField,
  values: readonly string[],
): CellChange[] {
  const column = rows.columnOf(field);
  const changes: CellChange[] = [];
  for (let k = 0; k < values.length && start + k < view.length; k++) {
    if (start + k < 0) continue;
    const p = view[start + k] as number;
    const before = column.get(p);
    const after = values[k] as string;
    if (before !== after) changes.push({ row: rows.id[p] as number, field, before, after });
  }
  return changes;
}

/**
 * A row's own publication date, from its news or video extension (in that
 * order): the "other column" a bulk lastmod can be copied from, since a news
 * article or a video changed when it was published. '' when it has none.
 */
export function publicationDateOf(ext: readonly ExtElement[] | undefined): string {
  if (!ext) return '';
  for (const ns of [KNOWN_EXTENSIONS.news, KNOWN_EXTENSIONS.video]) {
    for (const el of ext) {
      if (el.ns !== ns) continue;
      const date = el.children.find(
        (c): c is ExtElement => typeof c !== 'string' && c.ns === ns && c.name === 'publication_date',
      );
      const text = date?.children
        .filter((c): c is string => typeof c === 'string')
        .join('')
        .trim();
      if (text) return text;
    }
  }
  return '';
}

/** Sets lastmod from each row's publication date; rows without one are counted, not changed. */
export function planSetFromPublication(
  rows: UrlRows,
  positions: ArrayLike<number>,
): { changes: CellChange[]; missing: number } {
  const changes: CellChange[] = [];
  let missing = 0;
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k] as number;
    const after = publicationDateOf(rows.ext[p]);
    if (!after) {
      missing++;
      continue;
    }
    const before = rows.lastmod.get(p);
    if (before !== after) changes.push({ row: rows.id[p] as number, field: 'lastmod', before, after });
  }
  return { changes, missing };
}

import { DUPLICATE_FLAG, type UrlRows } from '../rows/rows';
import type { RuleCode, UrlField } from '../rows/types';
import { isPercentEscape, isUnsafeAscii, isUrlWhitespace } from '../text/url-chars';
import { CHANGEFREQ_VALUES } from './changefreq';
import { escapedLength, LOC_MAX_LENGTH, LOC_WARN_LENGTH, schemeOf } from './loc';
import { parsed, parseW3c, type InvalidPart } from './lastmod';
import { findExtensionDefect } from './extensions';
import type { RowRuleCode } from './row-bits';
import { convertLastmod } from '../fix/lastmod-fixes';
import { fixChangefreq } from '../fix/changefreq-fixes';
import { fixPriority } from '../fix/priority-fixes';
import { fixLocNotAbsolute, punycodeHostOf } from '../fix/loc-fixes';
import { percentEncode } from '../text/percent-encode';
import { formatNumber } from '../text/format';

/** What a message may say about the location rule and duplicates. */
export interface DescribeContext {
  siteUrl?: string;
  /** The scope the Site URL allows, as `https://example.com/catalog/`. */
  allowed?: string;
  /** Without a Site URL: the most common origin. */
  majority?: string | null;
  /** How many rows share this loc (loc-duplicate). */
  copies?: number;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A value in quotes for a message: truncated to about 80 characters, with
 * invisible characters made visible (`\t`, `\n`, `\u00A0`).
 */
export function quote(value: string, max = 80): string {
  const cut = value.length > max ? value.slice(0, max - 1) + '…' : value;
  const shown = cut.replace(/[\u0000-\u001f\u007f-\u00a0\u2000-\u200b\u2028\u2029\u3000\ufeff]/g, (ch) => {
    if (ch === '\t') return '\\t';
    if (ch === '\n') return '\\n';
    if (ch === '\r') return '\\r';
    return '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  });
  return `"${shown}"`;
}

function charName(c: number): string {
  switch (c) {
    case 0x20:
      return 'a space';
    case 0x09:
      return 'a tab';
    case 0x0a:
      return 'a new line';
    case 0x0d:
      return 'a carriage return';
    case 0xa0:
      return 'a no-break space';
    default:
      return `the control character U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  }
}

function describeWhitespace(loc: string): string {
  const v = quote(loc);
  const first = isUrlWhitespace(loc.charCodeAt(0));
  const last = isUrlWhitespace(loc.charCodeAt(loc.length - 1));
  const trimmed = loc.trim();
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed.charCodeAt(i);
    if (isUrlWhitespace(c)) {
      const ends = first || last ? ' and white space at its ends' : '';
      return `URL ${v} contains ${charName(c)}${ends}; trim it and percent-encode what is inside (a space is %20)`;
    }
  }
  const where = first && last ? 'at both ends' : first ? 'at the start' : 'at the end';
  return `URL ${v} has white space ${where}; remove it`;
}

function describeUnescaped(loc: string): string {
  const v = quote(loc);
  const idn = punycodeHostOf(loc);
  if (idn) return `URL ${v} has the host ${quote(idn.host)}, which must be written in punycode: ${idn.ascii}`;
  for (let i = 0; i < loc.length; i++) {
    const c = loc.charCodeAt(i);
    if (c === 0x25 && !isPercentEscape(loc, i)) {
      return `URL ${v} has a "%" that does not start an escape such as %20; write it as %25`;
    }
    if (isUnsafeAscii(c) || (c > 0x7f && !isUrlWhitespace(c))) {
      const ch = String.fromCodePoint(loc.codePointAt(i) ?? c);
      return `URL ${v} contains "${ch}", which must be percent-encoded as ${percentEncode(ch)}`;
    }
  }
  return `URL ${v} has characters that must be percent-encoded`;
}

function describeInvalid(value: string, part: InvalidPart): string {
  const v = quote(value);
  const p = parsed;
  switch (part) {
    case 'year':
      return `lastmod ${v} is not a real date: there is no year 0000`;
    case 'month':
      return `lastmod ${v} is not a real date: there is no month ${p.month}`;
    case 'day': {
      const name = MONTH_NAMES[p.month - 1] ?? '';
      return `lastmod ${v} is not a real date: ${name} ${p.year} has no day ${p.day}`;
    }
    case 'hour':
      return `lastmod ${v} is not a real time: there is no hour ${p.hour}`;
    case 'minute':
      return `lastmod ${v} is not a real time: there is no minute ${p.minute}`;
    case 'second':
      return `lastmod ${v} is not a real time: there is no second ${p.second}`;
    case 'offset':
      return `lastmod ${v} has an impossible time zone offset; write Z or ±hh:mm between -14:00 and +14:00`;
    default:
      return `lastmod ${v} is not a real date or time`;
  }
}

/** The plain-language detail of a problem with a loc value (a row's or an index entry's). */
export function describeLoc(code: RuleCode, loc: string, ctx: DescribeContext = {}): string {
  const v = quote(loc);
  switch (code) {
    case 'loc-missing':
      return 'This entry has no URL: <loc> is missing or empty';
    case 'loc-whitespace':
      return describeWhitespace(loc);
    case 'loc-not-absolute': {
      const fixed = fixLocNotAbsolute(loc, ctx.siteUrl);
      return fixed
        ? `URL ${v} is relative; use the absolute URL ${fixed}`
        : `URL ${v} is not an absolute URL with http(s):// and a host`;
    }
    case 'loc-scheme':
      return `URL ${v} uses the scheme "${schemeOf(loc)}:"; only http and https are allowed`;
    case 'loc-too-long': {
      const len = escapedLength(loc);
      return len > LOC_MAX_LENGTH
        ? `URL is ${formatNumber(len)} characters long once escaped; the limit is 2,048`
        : `URL is ${formatNumber(len)} characters long once escaped; Yandex ignores URLs over ${formatNumber(LOC_WARN_LENGTH)}`;
    }
    case 'loc-unescaped':
      return describeUnescaped(loc);
    case 'loc-fragment':
      return `URL ${v} contains the fragment ${quote(loc.slice(loc.indexOf('#')), 40)}, which search engines ignore; drop it`;
    case 'loc-not-allowed':
      if (ctx.allowed) return `URL ${v} is outside ${ctx.allowed}, where the sitemap is served`;
      return `URL ${v} is on another site than most URLs (${ctx.majority ?? 'unknown'})`;
    case 'loc-duplicate':
      return `URL ${v} appears ${ctx.copies ?? 2} times`;
    default:
      return `URL ${v}: ${code}`;
  }
}

/** The plain-language detail of a problem with a lastmod value. */
export function describeLastmod(code: RuleCode, value: string): string {
  const v = quote(value);
  switch (code) {
    case 'lastmod-format': {
      const fixed = convertLastmod(value);
      return fixed
        ? `lastmod ${v} is not a W3C date; use ${fixed}`
        : `lastmod ${v} is not a W3C date; write it as 2023-01-05 or 2023-01-05T10:00:00+00:00`;
    }
    case 'lastmod-invalid':
      parseW3c(value);
      return describeInvalid(value, parsed.invalid);
    case 'lastmod-timezone':
      return `lastmod ${v} has a time but no time zone; add Z or an offset such as +01:00`;
    case 'lastmod-future':
      return `lastmod ${v} is in the future`;
    default:
      return `lastmod ${v}: ${code}`;
  }
}

/** The plain-language detail of a problem with a changefreq value. */
export function describeChangefreq(value: string): string {
  const fixed = fixChangefreq(value);
  return fixed
    ? `changefreq ${quote(value)} is not one of the seven values; use ${fixed}`
    : `changefreq ${quote(value)} is not one of ${CHANGEFREQ_VALUES.join(', ')}`;
}

/** The plain-language detail of a problem with a priority value. */
export function describePriority(code: RuleCode, value: string): string {
  if (code === 'priority-range') return `priority ${quote(value)} is outside 0.0 to 1.0`;
  const fixed = fixPriority(value);
  return fixed
    ? `priority ${quote(value)} is not a decimal number; use ${fixed}`
    : `priority ${quote(value)} is not a decimal number between 0.0 and 1.0`;
}

const FIELDS: UrlField[] = ['loc', 'lastmod', 'changefreq', 'priority'];

/**
 * The plain-language detail and field of row-level rule `code` on row `i` (a
 * position), for the table path (check-set.ts rowProblems) and the streaming
 * one (stream/describe-row.ts) alike. `ctx` matters to the loc rules only.
 * The switch is exhaustive: a row rule without a description does not compile.
 */
export function describeRowRule(
  code: RowRuleCode,
  rows: UrlRows,
  i: number,
  ctx: DescribeContext,
): { detail: string; field: UrlField | 'ext' } {
  switch (code) {
    case 'loc-missing':
    case 'loc-whitespace':
    case 'loc-not-absolute':
    case 'loc-scheme':
    case 'loc-too-long':
    case 'loc-unescaped':
    case 'loc-fragment':
    case 'loc-not-allowed':
    case 'loc-duplicate':
      return { detail: describeLoc(code, rows.loc.get(i), ctx), field: 'loc' };
    case 'lastmod-format':
    case 'lastmod-invalid':
    case 'lastmod-timezone':
    case 'lastmod-future':
      return { detail: describeLastmod(code, rows.lastmod.get(i)), field: 'lastmod' };
    case 'changefreq-value':
      return { detail: describeChangefreq(rows.changefreq.get(i)), field: 'changefreq' };
    case 'priority-format':
    case 'priority-range':
      return { detail: describePriority(code, rows.priority.get(i)), field: 'priority' };
    case 'duplicate-tag': {
      const flags = rows.readFlags[i] ?? 0;
      const dup = FIELDS.filter((f) => flags & DUPLICATE_FLAG[f]);
      return {
        detail: `${dup.map((f) => `<${f}>`).join(', ')} appear${dup.length === 1 ? 's' : ''} more than once in this entry; the first value is kept`,
        field: dup[0] ?? 'loc',
      };
    }
    case 'ext-invalid': {
      const defect = findExtensionDefect(rows.ext[i] ?? []);
      return {
        detail: `${defect?.message ?? 'An extension element does not follow its schema'}; it is kept as is${defect?.fixable ? ' (Fix repairs it)' : ''}`,
        field: 'ext',
      };
    }
    case 'unknown-tag':
      return {
        detail:
          'This entry contains an element outside the sitemap protocol and the known extensions; it is kept as is',
        field: 'ext',
      };
    default:
      return code satisfies never;
  }
}

/* What the loc's rules say about a loc (a row's or an index entry's), in plain words. */
import { formatNumber } from '../../text/format';
import { percentEncode } from '../../text/percent-encode';
import { isPercentEscape, isUnsafeAscii, isUrlWhitespace } from '../../text/url-chars';
import { quote } from '../problem';
import type { DescribeContext } from '../rule';
import { fixLocNotAbsolute, punycodeHostOf } from './loc-fixes';
import { escapedLength, LOC_MAX_LENGTH, LOC_WARN_LENGTH, schemeOf } from './loc-mask';
import {
  LOC_DUPLICATE,
  LOC_FRAGMENT,
  LOC_MISSING,
  LOC_NOT_ABSOLUTE,
  LOC_NOT_ALLOWED,
  LOC_SCHEME,
  LOC_TOO_LONG,
  LOC_UNESCAPED,
  LOC_WHITESPACE,
} from './loc-rules';

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

/** The plain-language detail of a problem with a loc value (a row's or an index entry's). */
export function describeLoc(code: string, loc: string, ctx: DescribeContext = {}): string {
  const v = quote(loc);
  switch (code) {
    case LOC_MISSING.code:
      return 'This entry has no URL: <loc> is missing or empty';
    case LOC_WHITESPACE.code:
      return describeWhitespace(loc);
    case LOC_NOT_ABSOLUTE.code: {
      const fixed = fixLocNotAbsolute(loc, ctx.siteUrl);
      return fixed
        ? `URL ${v} is relative; use the absolute URL ${fixed}`
        : `URL ${v} is not an absolute URL with http(s):// and a host`;
    }
    case LOC_SCHEME.code:
      return `URL ${v} uses the scheme "${schemeOf(loc)}:"; only http and https are allowed`;
    case LOC_TOO_LONG.code: {
      const len = escapedLength(loc);
      return len > LOC_MAX_LENGTH
        ? `URL is ${formatNumber(len)} characters long once escaped; the limit is 2,048`
        : `URL is ${formatNumber(len)} characters long once escaped; Yandex ignores URLs over ${formatNumber(LOC_WARN_LENGTH)}`;
    }
    case LOC_UNESCAPED.code:
      return describeUnescaped(loc);
    case LOC_FRAGMENT.code:
      return `URL ${v} contains the fragment ${quote(loc.slice(loc.indexOf('#')), 40)}, which search engines ignore; drop it`;
    case LOC_NOT_ALLOWED.code:
      if (ctx.allowed) return `URL ${v} is outside ${ctx.allowed}, where the sitemap is served`;
      return `URL ${v} is on another site than most URLs (${ctx.majority ?? 'unknown'})`;
    case LOC_DUPLICATE.code:
      // The streaming path sees each row once: a later copy knows only that an earlier one exists.
      return ctx.copies === undefined
        ? `URL ${v} appears more than once: an earlier entry has the same URL`
        : `URL ${v} appears ${ctx.copies} times`;
    default:
      return `URL ${v}: ${code}`;
  }
}

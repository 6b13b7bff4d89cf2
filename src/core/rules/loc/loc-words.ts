/* What the loc's rules say about a loc (a row's or an index entry's), in plain words. */
import { said, type Detail, type Said } from '../../base/message';
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

/** A white-space or control character in words: its message and its English. */
function charName(c: number): Said {
  switch (c) {
    case 0x20:
      return said('detail.char.space', {}, 'a space');
    case 0x09:
      return said('detail.char.tab', {}, 'a tab');
    case 0x0a:
      return said('detail.char.newLine', {}, 'a new line');
    case 0x0d:
      return said('detail.char.carriageReturn', {}, 'a carriage return');
    case 0xa0:
      return said('detail.char.noBreakSpace', {}, 'a no-break space');
    default: {
      const code = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
      return said('detail.char.control', { code }, `the control character ${code}`);
    }
  }
}

function describeWhitespace(loc: string): Said {
  const url = quote(loc);
  const first = isUrlWhitespace(loc.charCodeAt(0));
  const last = isUrlWhitespace(loc.charCodeAt(loc.length - 1));
  const trimmed = loc.trim();
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed.charCodeAt(i);
    if (isUrlWhitespace(c)) {
      const ch = charName(c);
      const ends = first || last;
      return said(
        'detail.loc.whitespaceInside',
        { url, char: ch.message, ends: ends ? 'yes' : 'no' },
        `URL ${url} contains ${ch.en}${ends ? ' and white space at its ends' : ''}; trim it and percent-encode what is inside (a space is %20)`,
      );
    }
  }
  const where = first && last ? 'both' : first ? 'start' : 'end';
  const en = where === 'both' ? 'at both ends' : where === 'start' ? 'at the start' : 'at the end';
  return said('detail.loc.whitespaceEnds', { url, where }, `URL ${url} has white space ${en}; remove it`);
}

function describeUnescaped(loc: string): Said {
  const url = quote(loc);
  const idn = punycodeHostOf(loc);
  if (idn) {
    const host = quote(idn.host);
    return said(
      'detail.loc.punycode',
      { url, host, ascii: idn.ascii },
      `URL ${url} has the host ${host}, which must be written in punycode: ${idn.ascii}`,
    );
  }
  for (let i = 0; i < loc.length; i++) {
    const c = loc.charCodeAt(i);
    if (c === 0x25 && !isPercentEscape(loc, i)) {
      return said(
        'detail.loc.percent',
        { url },
        `URL ${url} has a "%" that does not start an escape such as %20; write it as %25`,
      );
    }
    if (isUnsafeAscii(c) || (c > 0x7f && !isUrlWhitespace(c))) {
      const char = String.fromCodePoint(loc.codePointAt(i) ?? c);
      const encoded = percentEncode(char);
      return said(
        'detail.loc.unescapedChar',
        { url, char, encoded },
        `URL ${url} contains "${char}", which must be percent-encoded as ${encoded}`,
      );
    }
  }
  return said('detail.loc.unescaped', { url }, `URL ${url} has characters that must be percent-encoded`);
}

/** The plain-language detail of a problem with a loc value (a row's or an index entry's). */
export function describeLoc(code: string, loc: string, ctx: DescribeContext = {}): Detail {
  const url = quote(loc);
  switch (code) {
    case LOC_MISSING.code:
      return said('detail.loc.missing', {}, 'This entry has no URL: <loc> is missing or empty');
    case LOC_WHITESPACE.code:
      return describeWhitespace(loc);
    case LOC_NOT_ABSOLUTE.code: {
      const fixed = fixLocNotAbsolute(loc, ctx.siteUrl);
      return fixed
        ? said('detail.loc.relative', { url, fixed }, `URL ${url} is relative; use the absolute URL ${fixed}`)
        : said('detail.loc.notAbsolute', { url }, `URL ${url} is not an absolute URL with http(s):// and a host`);
    }
    case LOC_SCHEME.code: {
      const scheme = schemeOf(loc);
      return said(
        'detail.loc.scheme',
        { url, scheme },
        `URL ${url} uses the scheme "${scheme}:"; only http and https are allowed`,
      );
    }
    case LOC_TOO_LONG.code: {
      const length = escapedLength(loc);
      return length > LOC_MAX_LENGTH
        ? said(
            'detail.loc.tooLong',
            { length, limit: LOC_MAX_LENGTH },
            `URL is ${formatNumber(length)} characters long once escaped; the limit is ${formatNumber(LOC_MAX_LENGTH)}`,
          )
        : said(
            'detail.loc.longForYandex',
            { length, limit: LOC_WARN_LENGTH },
            `URL is ${formatNumber(length)} characters long once escaped; Yandex ignores URLs over ${formatNumber(LOC_WARN_LENGTH)}`,
          );
    }
    case LOC_UNESCAPED.code:
      return describeUnescaped(loc);
    case LOC_FRAGMENT.code: {
      const fragment = quote(loc.slice(loc.indexOf('#')), 40);
      return said(
        'detail.loc.fragment',
        { url, fragment },
        `URL ${url} contains the fragment ${fragment}, which search engines ignore; drop it`,
      );
    }
    case LOC_NOT_ALLOWED.code:
      if (ctx.allowed) {
        return said(
          'detail.loc.outsideScope',
          { url, allowed: ctx.allowed },
          `URL ${url} is outside ${ctx.allowed}, where the sitemap is served`,
        );
      }
      return ctx.majority
        ? said(
            'detail.loc.otherSite',
            { url, majority: ctx.majority },
            `URL ${url} is on another site than most URLs (${ctx.majority})`,
          )
        : `URL ${url} is on another site than most URLs (unknown)`;
    case LOC_DUPLICATE.code:
      // The streaming path sees each row once: a later copy knows only that an earlier one exists.
      return ctx.copies === undefined
        ? said(
            'detail.loc.duplicateEarlier',
            { url },
            `URL ${url} appears more than once: an earlier entry has the same URL`,
          )
        : said(
            'detail.loc.duplicate',
            { url, count: ctx.copies },
            `URL ${url} appears ${formatNumber(ctx.copies)} times`,
          );
    default:
      return `URL ${url}: ${code}`;
  }
}

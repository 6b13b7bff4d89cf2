import { isAsciiAlpha, isUrlWhitespace } from '../../text/url-chars';
import { authorityEnd } from './loc-mask';
import { allowedScope } from './location';
import { encodeUrlChars } from '../../text/percent-encode';

/** Values CMSs and spreadsheets write where a URL is missing: never a page. */
const NOT_URLS = new Set(['none', 'null', 'nil', 'undefined', 'nan', 'n/a', 'na', '-', '#', 'false', 'true', '0']);

/** File extensions that make `post-sitemap.xml` a file name, not a host. */
const FILE_EXTENSIONS = /\.(xml|gz|txt|html?|php\d?|aspx?|jsp|cfm|pdf|json|csv)$/i;

/**
 * loc-not-absolute → an absolute URL under the Site URL, or null. Relative
 * references are resolved against the Site URL's directory as a browser
 * would (`./index.html`, `/a`, `post-sitemap.xml`); a host written without a
 * scheme gets the Site URL's scheme only when it is the Site URL's host (or
 * its www. twin). Refused: no Site URL, placeholders such as `None`, a value
 * with white space inside, another host, or something with a scheme.
 */
export function fixLocNotAbsolute(loc: string, siteUrl?: string): string | null {
  if (!siteUrl) return null;
  const scope = allowedScope(siteUrl);
  if (!scope) return null;
  const out = resolveAgainst(loc.trim(), scope.origin, scope.prefix);
  // Whatever the path taken, only an http(s) URL is a fix.
  return out !== null && /^https?:\/\/[^/?#]/.test(out) ? out : null;
}

function resolveAgainst(v: string, origin: string, prefix: string): string | null {
  if (v === '' || NOT_URLS.has(v.toLowerCase())) return null;
  for (let i = 0; i < v.length; i++) if (isUrlWhitespace(v.charCodeAt(i))) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.?)/.exec(v);
  // A real scheme (`http:/x`, `mailto:`): not a relative reference, nothing safe to do.
  if (scheme && !scheme[1]?.includes('.') && !/\d/.test(scheme[2] ?? '')) return null;
  try {
    if (v.startsWith('//')) return new URL(origin.slice(0, origin.indexOf(':') + 1) + v).href;
    const siteHost = new URL(origin).host;
    const first = v.slice(0, authorityEnd(v, 0)).toLowerCase();
    if (first === siteHost || first === 'www.' + siteHost || 'www.' + first === siteHost) {
      return origin.slice(0, origin.indexOf('//') + 2) + v;
    }
    // `example.org/page`: a host, but not ours; its scheme is unknown.
    if (
      first.includes('.') &&
      isAsciiAlpha(first.charCodeAt(0)) &&
      !FILE_EXTENSIONS.test(first) &&
      !first.startsWith('.')
    ) {
      return null;
    }
    return new URL(v, prefix).href;
  } catch {
    return null;
  }
}

/**
 * loc-whitespace → trimmed, with white space and control characters inside
 * percent-encoded (`a b` → `a%20b`); null when nothing is left.
 */
export function fixLocWhitespace(loc: string): string | null {
  let start = 0;
  let end = loc.length;
  while (start < end && isUrlWhitespace(loc.charCodeAt(start))) start++;
  while (end > start && isUrlWhitespace(loc.charCodeAt(end - 1))) end--;
  if (start === end) return null;
  return encodeUrlChars(loc.slice(start, end), { whitespace: true, unsafe: false });
}

/**
 * loc-unescaped → non-ASCII characters percent-encoded as UTF-8, unsafe
 * ASCII and stray `%` encoded, an IDN host in punycode (via the URL parser's
 * host conversion, available in browsers, workers and Node). Existing `%XX`
 * escapes are kept; nothing else is normalised (no path resolution, no
 * case change), so the URL keeps its meaning. Null when it cannot be done.
 */
export function fixLocUnescaped(loc: string): string | null {
  const sep = loc.indexOf('://');
  let head = '';
  let rest = loc;
  if (sep > 0) {
    const aEnd = authorityEnd(loc, sep + 3);
    const authority = loc.slice(sep + 3, aEnd);
    const host = hostToAscii(authority);
    if (host === null) return null;
    head = loc.slice(0, sep + 3) + host;
    rest = loc.slice(aEnd);
  }
  const encoded = encodeUrlChars(rest, { whitespace: false, unsafe: true });
  return encoded === null ? null : head + encoded;
}

/** user@host:port with a non-ASCII host → punycode; the user part is percent-encoded. */
function hostToAscii(authority: string): string | null {
  let ascii = true;
  for (let i = 0; i < authority.length; i++) if (authority.charCodeAt(i) > 0x7e) ascii = false;
  if (ascii) return authority;
  const at = authority.lastIndexOf('@');
  const user = at >= 0 ? encodeUrlChars(authority.slice(0, at + 1), { whitespace: false, unsafe: true }) : '';
  const hostPort = authority.slice(at + 1);
  const colon = hostPort.lastIndexOf(':');
  const hasPort = colon >= 0 && /^\d*$/.test(hostPort.slice(colon + 1));
  const host = hasPort ? hostPort.slice(0, colon) : hostPort;
  if (user === null || host === '') return null;
  try {
    const hostname = new URL('http://' + host + '/').hostname;
    return user + hostname + (hasPort ? hostPort.slice(colon) : '');
  } catch {
    return null;
  }
}

/** Only the host of `loc` in punycode, for messages; null when it is ASCII already or invalid. */
export function punycodeHostOf(loc: string): { host: string; ascii: string } | null {
  const sep = loc.indexOf('://');
  if (sep < 0) return null;
  const authority = loc.slice(sep + 3, authorityEnd(loc, sep + 3));
  const ascii = hostToAscii(authority);
  return ascii === null || ascii === authority ? null : { host: authority, ascii };
}

/** loc-fragment → the URL without its `#fragment`; null when nothing would be left. */
export function fixLocFragment(loc: string): string | null {
  const hash = loc.indexOf('#');
  if (hash < 0) return loc;
  return hash === 0 ? null : loc.slice(0, hash);
}

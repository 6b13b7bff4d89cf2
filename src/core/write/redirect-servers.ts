/*
 * The redirect map in the forms web servers read: an nginx `map`, Apache
 * `Redirect 301` lines, Netlify's `_redirects`. These files are config, and
 * a loc is data from anyone: a value is written only as one token of one
 * rule, quoted or percent-encoded where the format needs it; a redirect that
 * cannot be written so (a control character, the format's own syntax, not an
 * absolute http(s) URL) is left out and listed in a comment at the end.
 */
import { ABSOLUTE_HTTP, commentSafe, CONTROL_CHAR, percentEncodeOutsideAscii, percentEncodeWhere } from './config-safe';

/** A URL that moved: where it was, where it is now. */
export interface Redirect {
  from: string;
  to: string;
}

/** A redirect that was not written, and why. */
export interface LeftOut {
  redirect: Redirect;
  why: string;
}

/** A server's map: its text, and the redirects it leaves out (listed in its last comment lines). */
export interface ServerMap {
  text: string;
  leftOut: LeftOut[];
}

const ORIGIN = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#\s]+/;

/** A URL cut into its origin ('https://a.example') and the rest ('/x?y'; '/' when empty). */
export function splitUrl(url: string): { origin: string; path: string } {
  const m = ORIGIN.exec(url);
  if (!m) return { origin: '', path: url };
  const rest = url.slice(m[0].length);
  return { origin: m[0], path: rest === '' ? '/' : rest };
}

/**
 * The target as the server writes it: a path when it stays on the origin,
 * the whole URL otherwise, and also when the path starts with `//` or `/\`
 * (a browser reads `Location: //evil.example/` as another host).
 */
function target(r: Redirect): string {
  const from = splitUrl(r.from);
  const to = splitUrl(r.to);
  return to.origin !== '' && to.origin === from.origin && !/^\/[/\\]/.test(to.path) ? to.path : r.to;
}

/** Why no server format can take `r`, or null. */
function unwritable(r: Redirect): string | null {
  if (CONTROL_CHAR.test(r.from) || CONTROL_CHAR.test(r.to))
    return 'it holds a control character (a line break, a tab…)';
  if (!ABSOLUTE_HTTP.test(r.from)) return 'the old URL is not an absolute http(s) URL';
  if (!ABSOLUTE_HTTP.test(r.to)) return 'the new URL is not an absolute http(s) URL';
  return null;
}

/** Sorts `redirects` into those the format can write and those it leaves out (`refuse` says why a format cannot). */
function sortOut(
  redirects: readonly Redirect[],
  refuse: (r: Redirect) => string | null,
): { written: Redirect[]; leftOut: LeftOut[] } {
  const written: Redirect[] = [];
  const leftOut: LeftOut[] = [];
  for (const redirect of redirects) {
    const why = unwritable(redirect) ?? refuse(redirect);
    if (why) leftOut.push({ redirect, why });
    else written.push(redirect);
  }
  return { written, leftOut };
}

/** The closing comment that lists what was left out; none when nothing was. */
function leftOutLines(leftOut: readonly LeftOut[]): string[] {
  if (leftOut.length === 0) return [];
  return [
    `# Left out: ${leftOut.length === 1 ? '1 redirect' : `${leftOut.length} redirects`} that cannot be written safely in this file (shown percent-encoded):`,
    ...leftOut.map((l) => `#   ${commentSafe(l.redirect.from)} -> ${commentSafe(l.redirect.to)} (${l.why})`),
  ];
}

function finish(lines: string[], leftOut: LeftOut[]): ServerMap {
  return { text: [...lines, ...leftOutLines(leftOut)].join('\n') + '\n', leftOut };
}

/** Apache and Netlify match the path alone: a URL with a query or a fragment cannot be a rule of theirs. */
function pathOnly(r: Redirect): boolean {
  return !/[?#]/.test(splitUrl(r.from).path);
}

/** A token as nginx reads it: quoted when it holds a character that ends or splits one, `"` and `\` escaped inside. */
function nginxToken(s: string): string {
  return /[\s;{}"'#\\]/.test(s) ? `"${s.replace(/["\\]/g, '\\$&')}"` : s;
}

/**
 * An nginx `map` from the request to the new URL: keys by `$request_uri`
 * (path and query, as a browser sends them: percent-encoded) when every old
 * URL is on one origin, by the whole URL otherwise. Included in the `http`
 * block; the server then redirects with `if ($redirect_to) { return 301 $redirect_to; }`.
 * A `$` is refused: nginx reads it as a variable.
 */
export function writeNginxMap(redirects: readonly Redirect[]): ServerMap {
  const byPath = new Set(redirects.map((r) => splitUrl(r.from).origin)).size <= 1;
  const keyOf = (r: Redirect) => {
    const { origin, path } = splitUrl(r.from);
    return (byPath ? '' : origin) + percentEncodeOutsideAscii(path);
  };
  // nginx matches a map's keys ignoring case, and a key given twice stops the whole configuration from loading.
  const keys = new Set<string>();
  const { written, leftOut } = sortOut(redirects, (r) => {
    if (r.from.includes('$') || r.to.includes('$')) return 'nginx reads $ as the start of a variable';
    const key = keyOf(r).toLowerCase();
    if (keys.has(key)) return 'another old URL is the same key for nginx, which ignores case';
    keys.add(key);
    return null;
  });
  const lines = [
    '# Redirect map written by Sitemap Editor. Include it in the http block, then in the server block:',
    '#   if ($redirect_to) { return 301 $redirect_to; }',
    `map ${byPath ? '$request_uri' : '$scheme://$host$request_uri'} $redirect_to {`,
    '    default "";',
  ];
  for (const r of written) lines.push(`    ${nginxToken(keyOf(r))} ${nginxToken(r.to)};`);
  lines.push('}');
  return finish(lines, leftOut);
}

/** The redirects by old origin, each origin's longest old paths first (see writeApacheRedirects). */
function byOrigin(redirects: readonly Redirect[]): Map<string, Redirect[]> {
  const out = new Map<string, Redirect[]>();
  for (const r of redirects) {
    const origin = splitUrl(r.from).origin;
    const list = out.get(origin) ?? [];
    list.push(r);
    out.set(origin, list);
  }
  for (const list of out.values()) list.sort((a, b) => splitUrl(b.from).path.length - splitUrl(a.from).path.length);
  return out;
}

/** An argument as Apache reads it: in double quotes (a `"` escaped) when it holds white space or a quote. */
function apacheArg(s: string): string {
  return /[\s"']/.test(s) ? `"${s.replace(/"/g, '\\"')}"` : s;
}

/** Apache reads config lines of up to 8 KiB; past that the whole file fails to load. */
const APACHE_MAX_LINE = 8000;

/**
 * Apache `Redirect 301` lines (mod_alias), for the server config or an
 * `.htaccess` of each origin. Redirect matches by path prefix and the first
 * match wins, so the longest old paths come first: `/blog/a` before `/blog`.
 * Old URLs with a query cannot be matched by Redirect: they are listed as
 * comments, for a RewriteRule by hand. A `\` (an escape, and at a line's end
 * a continuation) and `${` (a variable) are refused, as is a line Apache
 * cannot read.
 */
export function writeApacheRedirects(redirects: readonly Redirect[]): ServerMap {
  const { written, leftOut } = sortOut(redirects, (r) => {
    if (r.from.includes('\\') || r.to.includes('\\')) return 'Apache reads \\ as an escape';
    if (r.from.includes('${') || r.to.includes('${')) return 'Apache reads ${…} as a variable';
    if (`Redirect 301 ${apacheArg(splitUrl(r.from).path)} ${apacheArg(target(r))}`.length > APACHE_MAX_LINE)
      return `longer than the ${APACHE_MAX_LINE} characters Apache reads in a line`;
    return null;
  });
  const lines = [
    '# Redirect map written by Sitemap Editor (Apache mod_alias). Longest paths first: Redirect matches by prefix.',
  ];
  for (const [origin, list] of byOrigin(written)) {
    lines.push(`# ${commentSafe(origin)}`);
    for (const r of list) {
      lines.push(
        pathOnly(r)
          ? `Redirect 301 ${apacheArg(splitUrl(r.from).path)} ${apacheArg(target(r))}`
          : `# needs a RewriteRule (query): ${commentSafe(r.from)} -> ${commentSafe(r.to)}`,
      );
    }
  }
  return finish(lines, leftOut);
}

/** Netlify splits a line at white space: white space in a URL is written percent-encoded, as it is served. */
function netlifyToken(s: string): string {
  return percentEncodeWhere(s, /\s/u);
}

/**
 * Netlify's `_redirects` file: `from to 301`, one a line; the from is a path
 * when every old URL is on one origin, the whole URL otherwise (Netlify
 * matches a domain that way). Old URLs with a query are listed as comments.
 * A `*` or `:` in a path is refused: Netlify reads them as a splat and a
 * placeholder (`/* https://evil.example/ 301` would take the whole site).
 */
export function writeNetlifyRedirects(redirects: readonly Redirect[]): ServerMap {
  const { written, leftOut } = sortOut(redirects, (r) =>
    /[*:]/.test(splitUrl(r.from).path) || /[*:]/.test(splitUrl(r.to).path)
      ? 'Netlify reads * and : in a path as a splat and a placeholder'
      : null,
  );
  const byPath = new Set(written.map((r) => splitUrl(r.from).origin)).size <= 1;
  const lines = ['# Redirect map written by Sitemap Editor (Netlify _redirects).'];
  for (const r of written) {
    const from = byPath ? splitUrl(r.from).path : r.from;
    lines.push(
      pathOnly(r)
        ? `${netlifyToken(from)}  ${netlifyToken(target(r))}  301`
        : `# needs a query rule: ${commentSafe(r.from)} -> ${commentSafe(r.to)}`,
    );
  }
  return finish(lines, leftOut);
}

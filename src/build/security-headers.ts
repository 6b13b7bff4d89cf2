/*
 * The page's security headers, shipped with the build so a static deploy of
 * dist/ can send them: `_headers` (Netlify and Cloudflare Pages read it as
 * it is) and two snippets for the servers that cannot read a file of ours
 * (nginx, Apache). All three are written from the one header set that
 * vite.config.ts holds, which `npm start` (vite preview) also sends.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** Header name → value. */
export type HeaderSet = Readonly<Record<string, string>>;

/** The files written into the build's folder. */
export const HEADER_FILES = {
  netlify: '_headers',
  nginx: 'security-headers.nginx.conf',
  apache: 'security-headers.apache.conf',
} as const;

/** Each value goes into a quoted string of a config file: nothing may end the line or the quotes. */
function checked(headers: HeaderSet): [string, string][] {
  return Object.entries(headers).map(([name, value]) => {
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) throw new Error(`security headers: "${name}" is no header name`);
    // Printable ASCII only (what a header value holds), and neither quote nor backslash.
    if (/[^\x20-\x7e]|["\\]/.test(value))
      throw new Error(
        `security headers: the value of ${name} holds a quote, a backslash or a character outside printable ASCII`,
      );
    return [name, value];
  });
}

/** `_headers`: every path of the site gets every header. */
export function netlifyHeaders(headers: HeaderSet): string {
  return [
    '# Security headers of Sitemap Editor, for Netlify and Cloudflare Pages (written by the build from vite.config.ts).',
    '/*',
    ...checked(headers).map(([name, value]) => `  ${name}: ${value}`),
    '',
  ].join('\n');
}

/** nginx: `add_header` lines for the server (or location) block that serves dist/. */
export function nginxHeaders(headers: HeaderSet): string {
  return [
    '# Security headers of Sitemap Editor for nginx (written by the build from vite.config.ts).',
    '# Include this file in the server block that serves dist/. A location block that has add_header',
    '# lines of its own inherits none of these: include the file there too.',
    ...checked(headers).map(([name, value]) => `add_header ${name} "${value}" always;`),
    '',
  ].join('\n');
}

/** Apache: `Header always set` lines (mod_headers), for the server config or an `.htaccess` in dist/. */
export function apacheHeaders(headers: HeaderSet): string {
  return [
    '# Security headers of Sitemap Editor for Apache (written by the build from vite.config.ts).',
    '# Put these lines in the VirtualHost or Directory that serves dist/, or in dist/.htaccess',
    '# (which needs AllowOverride FileInfo); they take effect where mod_headers is loaded.',
    '<IfModule mod_headers.c>',
    ...checked(headers).map(([name, value]) => `  Header always set ${name} "${value}"`),
    '</IfModule>',
    '',
  ].join('\n');
}

/** Writes the three header files into production builds' output folder. */
export function securityHeadersPlugin(headers: HeaderSet): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sitemap-editor:security-headers',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After the bundle is written: these files are for the server, not the page (nor its precache list).
    async writeBundle() {
      const out = path.resolve(config.root, config.build.outDir);
      await writeFile(path.join(out, HEADER_FILES.netlify), netlifyHeaders(headers));
      await writeFile(path.join(out, HEADER_FILES.nginx), nginxHeaders(headers));
      await writeFile(path.join(out, HEADER_FILES.apache), apacheHeaders(headers));
    },
  };
}

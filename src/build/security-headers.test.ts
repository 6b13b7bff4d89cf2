import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../vite.config';
import { apacheHeaders, netlifyHeaders, nginxHeaders } from './security-headers';

/** `_headers` as Netlify reads it: a path line, then indented `Name: value` lines. */
function readNetlify(text: string): Record<string, string> {
  const lines = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  expect(lines[0]).toBe('/*');
  return Object.fromEntries(
    lines.slice(1).map((l) => {
      const m = /^ {2}([A-Za-z-]+): (.+)$/.exec(l);
      if (!m) throw new Error(`not a header line: ${l}`);
      return [m[1], m[2]];
    }),
  );
}

function readQuoted(text: string, line: RegExp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of text.split('\n')) {
    if (l.trim() === '' || l.trim().startsWith('#') || /^<\/?IfModule/.test(l)) continue;
    const m = line.exec(l);
    if (!m) throw new Error(`not a header line: ${l}`);
    out[m[1] as string] = m[2] as string;
  }
  return out;
}

describe('the security headers shipped with the build', () => {
  it('hold the CSP with frame-ancestors and the other headers, in each format, from the one set', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toMatch(/; frame-ancestors 'none'$/);
    expect(Object.keys(SECURITY_HEADERS)).toEqual(
      expect.arrayContaining(['X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options', 'Permissions-Policy']),
    );
    expect(readNetlify(netlifyHeaders(SECURITY_HEADERS))).toEqual(SECURITY_HEADERS);
    expect(readQuoted(nginxHeaders(SECURITY_HEADERS), /^add_header ([A-Za-z-]+) "([^"\\]*)" always;$/)).toEqual(
      SECURITY_HEADERS,
    );
    const apache = apacheHeaders(SECURITY_HEADERS);
    expect(apache).toMatch(/^<IfModule mod_headers\.c>$/m);
    expect(readQuoted(apache, /^ {2}Header always set ([A-Za-z-]+) "([^"\\]*)"$/)).toEqual(SECURITY_HEADERS);
  });

  it('refuses a value that would break out of its line or its quotes', () => {
    for (const bad of ['a\nb', 'a"b', 'a\\', 'é'])
      expect(() => nginxHeaders({ 'X-Test': bad })).toThrow(/security headers: the value of X-Test/);
    expect(() => netlifyHeaders({ 'X Bad': 'v' })).toThrow('is no header name');
  });
});

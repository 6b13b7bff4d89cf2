/*
 * Every redirect map, written from random URLs full of control characters
 * and each format's own syntax, then read back by a strict parser of that
 * format: each rule is one line with the intended source and target, and
 * every redirect is either such a rule or listed as left out. The parsers
 * follow the servers' own readers (nginx's ngx_conf_read_token, Apache's
 * ap_getword_conf and line continuation, Netlify's line parser).
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { writeRedirectCsv } from './redirect-map';
import {
  splitUrl,
  writeApacheRedirects,
  writeNetlifyRedirects,
  writeNginxMap,
  type Redirect,
  type ServerMap,
} from './redirect-servers';

/** A rule as a server reads it: what it matches and where it sends. */
interface Rule {
  from: string;
  to: string;
}

// ---- strict readers -------------------------------------------------------

/** nginx's tokens: white space splits, ; { } end, # at a token's start comments to the line's end, quotes and \ escapes. */
function nginxTokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) i++;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
    else if (c === ';' || c === '{' || c === '}') out.push(text[i++] as string);
    else {
      let raw = '';
      const quote = c === '"' || c === "'" ? c : '';
      if (quote) i++;
      for (;;) {
        if (i >= text.length) {
          if (quote) throw new Error('nginx: unterminated quoted string');
          break;
        }
        const d = text[i] as string;
        if (d === '\\') {
          raw += text.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (quote ? d === quote : /[\s;{}]/.test(d)) break;
        raw += d;
        i++;
      }
      if (quote) {
        i++;
        if (i < text.length && !/[\s;{})]/.test(text[i] as string))
          throw new Error('nginx: unexpected character after a quote');
      }
      out.push(raw.replace(/\\(["'\\tnr])/g, (_, e: string) => ({ t: '\t', n: '\n', r: '\r' })[e] ?? e));
    }
  }
  return out;
}

/** The entries of the one `map` block the file holds; throws on anything else. */
function readNginx(text: string): Rule[] {
  const t = nginxTokens(text);
  if (t[0] !== 'map' || t[3] !== '{' || t.at(-1) !== '}') throw new Error('nginx: not one map block');
  if (t[2] !== '$redirect_to' || t[4] !== 'default' || t[5] !== '' || t[6] !== ';') throw new Error('nginx: bad head');
  const rules: Rule[] = [];
  for (let i = 7; i < t.length - 1; i += 3) {
    if (t[i + 2] !== ';') throw new Error(`nginx: an entry of more or less than two tokens near ${t[i]}`);
    const [from, to] = [t[i] as string, t[i + 1] as string];
    if (from.startsWith('~') || to.includes('$') || ['default', 'hostnames', 'include', 'volatile'].includes(from))
      throw new Error(`nginx: a key or value with syntax: ${from} ${to}`);
    rules.push({ from, to });
  }
  return rules;
}

/** Apache's arguments of one line (ap_getword_conf): white space splits; a leading quote runs to its match, `\quote` escaped. */
function apacheArgs(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (/[ \t\v\f]/.test(line[i] as string)) {
      i++;
      continue;
    }
    const q = line[i] === '"' || line[i] === "'" ? (line[i] as string) : '';
    let word = '';
    if (q) {
      i++;
      while (i < line.length && line[i] !== q) {
        if (line[i] === '\\' && line[i + 1] === q) i++;
        word += line[i++];
      }
      if (i >= line.length) throw new Error('apache: unterminated quote');
      i++;
    } else while (i < line.length && !/[ \t\v\f]/.test(line[i] as string)) word += line[i++];
    out.push(word);
  }
  return out;
}

function readApache(text: string): Rule[] {
  if (/\r/.test(text)) throw new Error('apache: a carriage return');
  const rules: Rule[] = [];
  for (const line of text.split('\n')) {
    if (/\\$/.test(line)) throw new Error('apache: a line that continues on the next');
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const args = apacheArgs(line);
    if (args.length !== 4 || args[0] !== 'Redirect' || args[1] !== '301')
      throw new Error(`apache: not a rule: ${line}`);
    const [from, to] = [args[2] as string, args[3] as string];
    if (line.includes('${')) throw new Error('apache: a variable');
    if (!from.startsWith('/') || !(to.startsWith('/') || /^https?:\/\//i.test(to)))
      throw new Error(`apache: a bad path or URL: ${line}`);
    rules.push({ from, to });
  }
  return rules;
}

function readNetlify(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const parts = line
      .replace(/(^|\s)#.*/u, '')
      .trim()
      .split(/\s+/);
    if (parts.length !== 3 || parts[2] !== '301') throw new Error(`netlify: not one rule: ${line}`);
    const [from, to] = [parts[0] as string, parts[1] as string];
    for (const part of [from, to]) {
      if (!part.startsWith('/') && !/^https?:\/\//i.test(part)) throw new Error(`netlify: not a path or URL: ${part}`);
      if (/[*:]/.test(splitUrl(part.startsWith('/') ? `https://h${part}` : part).path))
        throw new Error(`netlify: a splat or placeholder: ${part}`);
    }
    rules.push({ from, to });
  }
  return rules;
}

// ---- what a rule must say -------------------------------------------------

/**
 * A URL as a browser requests it, or null when it cannot be parsed. The `~`
 * keeps the parser from trimming white space at the end: a rule must keep it.
 */
function requested(url: string, base?: string): string | null {
  return URL.canParse(`${url}~`, base) ? new URL(`${url}~`, base).href : null;
}

/** The rule is `r`: its source matches r.from and its target is r.to, as the server reads them. */
function means(rule: Rule, r: Redirect, form: 'request' | 'decoded'): boolean {
  const origin = splitUrl(r.from).origin;
  const from =
    form === 'decoded'
      ? origin + rule.from === r.from || (rule.from === '/' && origin === r.from)
      : // A source path is matched against the request's path on the origin (never resolved as a link).
        requested(rule.from.startsWith('/') ? origin + rule.from : rule.from) === requested(r.from) &&
        requested(r.from) !== null;
  const to =
    form === 'decoded' && !rule.to.startsWith('/') ? rule.to === r.to : requested(rule.to, origin) === requested(r.to);
  return from && to && (form === 'decoded' ? true : requested(r.to) !== null);
}

/** Each rule read is one written redirect, each written redirect one rule; the rest are listed as left out. */
function expectOneRuleEach(
  map: ServerMap,
  redirects: readonly Redirect[],
  rules: readonly Rule[],
  form: 'request' | 'decoded',
  commented: (r: Redirect) => boolean = () => false,
): void {
  const out = new Set(map.leftOut.map((l) => l.redirect));
  const written = redirects.filter((r) => !out.has(r) && !commented(r));
  expect(rules.length).toBe(written.length);
  const unused = new Set(written);
  for (const rule of rules) {
    const match = [...unused].find((r) => means(rule, r, form));
    expect(match, `no redirect is the rule ${JSON.stringify(rule)}`).toBeDefined();
    unused.delete(match as Redirect);
  }
  const lines = map.text.split('\n');
  const block = lines.findIndex((l) => l.startsWith('# Left out: '));
  const listed = block < 0 ? [] : lines.slice(block + 1).filter((l) => l.startsWith('#   '));
  expect(listed).toHaveLength(map.leftOut.length);
}

// ---- random redirects -----------------------------------------------------

const HOSTILE = [
  ...'\n\r\t\0\u000b\u000c\u0085\u2028\u2029\u00a0\u3000\ufeff\u007f ',
  ...'"\'\\;{}#$*:!?=&%<>`|^~@+,()[]',
  '${HOME}',
  '%0A',
  '\\"',
  '/*',
  ':splat',
  '\nRedirect 301 / https://evil.example/\n',
  ' / https://evil3.example/ 200!',
  '"; }\nserver { listen 80; }',
  '\r\nSitemap: https://evil.example/\r\n',
];
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9._~-]{1,6}$/) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
);
const ORIGINS = ['https://www.example.com', 'http://shop.example.com', 'HTTPS://Example.COM:8443', 'https://例え.jp'];
const url = fc
  .tuple(fc.constantFrom(...ORIGINS), fc.array(piece, { maxLength: 6 }))
  .map(([o, parts]) => `${o}/${parts.join('/')}`);
const value = fc.oneof(
  { weight: 6, arbitrary: url },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);
const redirects = fc.uniqueArray(fc.record({ from: value, to: value }), { maxLength: 10, selector: (r) => r.from });

/** URLs without anything a format could mistake: none may be left out. */
const plainUrl = fc
  .tuple(fc.constantFrom(...ORIGINS.slice(0, 2)), fc.array(fc.stringMatching(/^[a-z0-9._~-]{1,8}$/), { maxLength: 4 }))
  .map(([o, parts]) => `${o}/${parts.join('/')}`);
const plainRedirects = fc.uniqueArray(fc.record({ from: plainUrl, to: plainUrl }), {
  minLength: 1,
  maxLength: 10,
  selector: (r) => r.from.toLowerCase(),
});

const RUNS = { numRuns: 400 };

describe('every redirect map reads back as one rule per redirect, with its source and target', () => {
  it('nginx map', () => {
    fc.assert(
      fc.property(redirects, (rs) => {
        const map = writeNginxMap(rs);
        const rules = readNginx(map.text);
        // $request_uri is the request line's: printable ASCII only.
        for (const r of rules) if (!r.from.startsWith('http')) expect(r.from).toMatch(/^[\x21-\x7e]+$/);
        expectOneRuleEach(map, rs, rules, 'request');
      }),
      RUNS,
    );
  });

  it('Apache Redirect lines', () => {
    fc.assert(
      fc.property(redirects, (rs) => {
        const map = writeApacheRedirects(rs);
        expectOneRuleEach(map, rs, readApache(map.text), 'decoded', (r) => /[?#]/.test(splitUrl(r.from).path));
      }),
      RUNS,
    );
  });

  it('Netlify _redirects', () => {
    fc.assert(
      fc.property(redirects, (rs) => {
        const map = writeNetlifyRedirects(rs);
        expectOneRuleEach(map, rs, readNetlify(map.text), 'request', (r) => /[?#]/.test(splitUrl(r.from).path));
      }),
      RUNS,
    );
  });

  it('CSV: one record per redirect, each cell the value (a formula guarded)', () => {
    fc.assert(
      fc.property(redirects, (rs) => {
        const parsed = Papa.parse<string[]>(writeRedirectCsv(rs), { newline: '\r\n', delimiter: ',' });
        expect(parsed.errors).toEqual([]);
        const rows = parsed.data.filter((row, i) => i < rs.length + 1 || row.join('') !== '');
        expect(rows[0]).toEqual(['old', 'new']);
        expect(rows).toHaveLength(rs.length + 1);
        rs.forEach((r, i) => {
          const [from, to] = rows[i + 1] as string[];
          expect([from === r.from || from === `'${r.from}`, to === r.to || to === `'${r.to}`]).toEqual([true, true]);
        });
      }),
      RUNS,
    );
  });

  it('leaves nothing out of any map when the URLs hold nothing a format could mistake', () => {
    fc.assert(
      fc.property(plainRedirects, (rs) => {
        for (const write of [writeNginxMap, writeApacheRedirects, writeNetlifyRedirects])
          expect(write(rs).leftOut).toEqual([]);
      }),
      RUNS,
    );
  });
});

describe('the attacks of issue 35', () => {
  const H = 'https://www.example.com';
  const evil: Redirect[] = [
    { from: `${H}/old`, to: `${H}/new\nRedirect 301 / https://evil.example/` },
    { from: `${H}/a`, to: `${H}/b\n/ https://evil3.example/ 200!` },
    { from: `${H}/*`, to: 'https://evil3.example/' },
    { from: `${H}/c`, to: `${H}/d" ; } server { return 302 https://evil.example/; } map $x $y { "` },
    { from: `${H}/e`, to: `${H}/f\\` },
    { from: `${H}/g`, to: `${H}/h` },
  ];

  it('writes no rule the user did not intend, and says in a comment what it left out', () => {
    const injected = `${H}/d" ; } server { return 302 https://evil.example/; } map $x $y { "`;
    const apache = writeApacheRedirects(evil);
    // Redirect's source is a literal prefix: /* is the path "/*", nothing wider.
    expect(readApache(apache.text)).toEqual([
      { from: '/*', to: 'https://evil3.example/' },
      { from: '/c', to: injected.slice(H.length) },
      { from: '/g', to: '/h' },
    ]);
    expect(apache.leftOut.map((l) => l.redirect.from)).toEqual([`${H}/old`, `${H}/a`, `${H}/e`]);
    const netlify = writeNetlifyRedirects(evil);
    // Netlify reads /* as the whole site, and :name in a path as a placeholder: refused.
    expect(readNetlify(netlify.text)).toEqual([
      { from: '/e', to: '/f\\' },
      { from: '/g', to: '/h' },
    ]);
    expect(netlify.leftOut.map((l) => l.redirect.from)).toEqual([`${H}/old`, `${H}/a`, `${H}/*`, `${H}/c`]);
    const nginx = writeNginxMap(evil);
    // A map key is a literal string.
    expect(readNginx(nginx.text)).toEqual([
      { from: '/*', to: 'https://evil3.example/' },
      { from: '/e', to: `${H}/f\\` },
      { from: '/g', to: `${H}/h` },
    ]);
    expect(nginx.leftOut.map((l) => l.redirect.from)).toEqual([`${H}/old`, `${H}/a`, `${H}/c`]);
    for (const map of [apache, netlify, nginx])
      expect(map.text).toContain(
        `# Left out: ${map.leftOut.length} redirects that cannot be written safely in this file (shown percent-encoded):\n`,
      );
  });

  it('never writes a same-origin target a browser would read as another host', () => {
    const map = [
      { from: `${H}/x`, to: `${H}//evil.example/` },
      { from: `${H}/y`, to: `${H}/\\evil.example/` },
    ];
    // Written whole: "//evil.example/" alone sends a browser to evil.example. (Apache refuses the backslash.)
    expect(readApache(writeApacheRedirects(map).text).map((r) => r.to)).toEqual([`${H}//evil.example/`]);
    expect(readNetlify(writeNetlifyRedirects(map).text).map((r) => r.to)).toEqual(map.map((r) => r.to));
  });
});

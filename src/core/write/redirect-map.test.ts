import { describe, expect, it } from 'vitest';
import { redirectsOf, writeRedirectCsv, writeRedirectMap } from './redirect-map';
import { writeApacheRedirects, writeNetlifyRedirects, writeNginxMap, type Redirect } from './redirect-servers';

const H = 'https://www.example.com';
const loc = (row: number, before: string, after: string) => ({ row, field: 'loc' as const, before, after });

describe('redirectsOf', () => {
  it('maps each row from its first loc to its last', () => {
    const steps = [
      { cells: [loc(1, `${H}/blog/a`, `${H}/news/blog/a`), loc(2, `${H}/blog/b`, `${H}/news/blog/b`)] },
      {
        cells: [
          loc(1, `${H}/news/blog/a`, `${H}/archive/a`),
          { row: 3, field: 'lastmod' as const, before: '', after: '2024-01-01' },
        ],
      },
    ];
    expect(redirectsOf(steps)).toEqual([
      { from: `${H}/blog/a`, to: `${H}/archive/a` },
      { from: `${H}/blog/b`, to: `${H}/news/blog/b` },
    ]);
  });

  it('leaves out planned pages, removed rows, rows moved back, empty locs and a second row from the same loc', () => {
    const steps = [
      { cells: [], added: [9] },
      {
        cells: [
          loc(9, `${H}/new`, `${H}/newer`),
          loc(1, `${H}/x`, `${H}/y`),
          loc(2, `${H}/p`, `${H}/q`),
          loc(3, '', `${H}/e`),
        ],
      },
      { cells: [loc(1, `${H}/y`, `${H}/x`), loc(4, `${H}/p`, `${H}/r`)], removed: [5] },
      { cells: [loc(5, `${H}/gone`, `${H}/gone2`)] },
      { cells: [], removed: [5] },
    ];
    expect(redirectsOf(steps)).toEqual([{ from: `${H}/p`, to: `${H}/q` }]);
  });
});

const MAP: Redirect[] = [
  { from: `${H}/blog`, to: `${H}/news/blog` },
  { from: `${H}/blog/a b`, to: `${H}/news/blog/a b` },
  { from: `${H}/blog/2024/post`, to: 'https://new.example.org/post' },
  { from: `${H}/list?page=2`, to: `${H}/archive?page=2` },
];

describe('writers', () => {
  it('writes a CSV with a header, CRLF lines and RFC 4180 quoting', () => {
    expect(writeRedirectCsv([{ from: `${H}/a,b`, to: `${H}/c` }])).toBe(`old,new\r\n"${H}/a,b",${H}/c\r\n`);
  });

  it('writes an nginx map by request URI on one origin', () => {
    expect(writeNginxMap(MAP).text).toBe(
      [
        '# Redirect map written by Sitemap Editor. Include it in the http block, then in the server block:',
        '#   if ($redirect_to) { return 301 $redirect_to; }',
        'map $request_uri $redirect_to {',
        '    default "";',
        `    /blog ${H}/news/blog;`,
        // $request_uri is what the browser sent: the space as %20.
        `    /blog/a%20b "${H}/news/blog/a b";`,
        '    /blog/2024/post https://new.example.org/post;',
        `    /list?page=2 ${H}/archive?page=2;`,
        '}',
        '',
      ].join('\n'),
    );
  });

  it('keys the nginx map by the whole URL when the old URLs span origins', () => {
    const { text } = writeNginxMap([
      { from: `${H}/a`, to: `${H}/b` },
      { from: 'https://shop.example.com/c', to: `${H}/c` },
    ]);
    expect(text.split('\n').slice(2, 6)).toEqual([
      'map $scheme://$host$request_uri $redirect_to {',
      '    default "";',
      `    ${H}/a ${H}/b;`,
      `    https://shop.example.com/c ${H}/c;`,
    ]);
  });

  it('writes Apache Redirect 301 lines, longest paths first, queries as comments', () => {
    expect(writeApacheRedirects(MAP).text).toBe(
      [
        '# Redirect map written by Sitemap Editor (Apache mod_alias). Longest paths first: Redirect matches by prefix.',
        `# ${H}`,
        'Redirect 301 /blog/2024/post https://new.example.org/post',
        `# needs a RewriteRule (query): ${H}/list?page=2 -> ${H}/archive?page=2`,
        'Redirect 301 "/blog/a b" "/news/blog/a b"',
        'Redirect 301 /blog /news/blog',
        '',
      ].join('\n'),
    );
  });

  it('writes Netlify _redirects lines', () => {
    expect(writeNetlifyRedirects(MAP).text).toBe(
      [
        '# Redirect map written by Sitemap Editor (Netlify _redirects).',
        '/blog  /news/blog  301',
        '/blog/a%20b  /news/blog/a%20b  301',
        '/blog/2024/post  https://new.example.org/post  301',
        `# needs a query rule: ${H}/list?page=2 -> ${H}/archive?page=2`,
        '',
      ].join('\n'),
    );
  });

  it('names each format its file', () => {
    expect((['csv', 'nginx', 'apache', 'netlify'] as const).map((f) => writeRedirectMap([], f).fileName)).toEqual([
      'redirects.csv',
      'redirects.nginx.conf',
      'redirects.htaccess',
      '_redirects',
    ]);
  });
});

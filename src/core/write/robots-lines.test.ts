import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../rules/problem';
import { exportSitemaps } from './export';
import { fileUrl } from './names';
import { options, rowsOf } from './test-helpers';
import { robotsSitemapLines } from './robots-lines';

/** robots.txt as its readers take it: lines end at CR, LF or CRLF; `#` starts a comment; a Sitemap line holds one URL. */
function readSitemapLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((l) => l.replace(/#.*/, ''))
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const m = /^Sitemap: (\S+)$/.exec(l);
      if (!m) throw new Error(`not one Sitemap: line: ${JSON.stringify(l)}`);
      return m[1] as string;
    });
}

const siteUrl = fc.oneof(
  fc.constantFrom('https://www.example.com/', 'http://shop.example.com/sub/'),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...'\n\r\t\u2028 #\0\u0085\u00a0/:'.split(''), '\nDisallow: /\n'),
        fc.string({ maxLength: 3 }),
      ),
      {
        maxLength: 5,
      },
    )
    .map((parts) => `https://www.example.com/${parts.join('')}`),
);
const names = fc.array(fc.string({ unit: 'binary', maxLength: 10 }), { minLength: 1, maxLength: 4 });

describe('robotsSitemapLines', () => {
  it('writes one Sitemap: line per file, each the file’s URL, or none and says why', () => {
    fc.assert(
      fc.property(siteUrl, names, (site, files) => {
        const problems: Problem[] = [];
        const text = robotsSitemapLines(site, files, problems);
        const urls = readSitemapLines(text);
        if (problems.length === 0) expect(urls).toEqual(files.map((n) => fileUrl(site, n)));
        else {
          expect(text).toBe('');
          expect(problems.map((p) => p.code)).toEqual(['loc-not-absolute']);
          expect(problems[0]?.message).not.toMatch(/[\n\r\u2028]/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a Site URL that would write Disallow: / into robots.txt, through the export', () => {
    const rows = rowsOf([{ loc: 'https://example.com/a' }]);
    const evil = exportSitemaps(rows, options({ siteUrl: 'https://example.com/\nDisallow: /\n' }));
    expect(evil.robotsTxt).toBe('');
    expect(evil.problems.find((p) => p.message.startsWith('The Site URL'))?.message).toContain(
      'The Site URL "https://example.com/%0ADisallow:%20/" (shown percent-encoded) holds white space, a control character or a "#", which would break a robots.txt line: no Sitemap: lines were written.',
    );
    expect(exportSitemaps(rows, options()).robotsTxt).toBe('Sitemap: https://example.com/sitemap.xml\n');
  });
});

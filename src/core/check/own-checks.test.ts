import { describe, expect, it } from 'vitest';
import { bytesOf, fixture, forEachReader, readFiles } from '../../../fixtures/helpers';
import type { InputFile } from '../read/import-files';
import { mergeSets } from '../read/merge-sets';
import { checkSet } from './check-set';
import { type CheckResult } from './check-result';
import { ownChecks, partsFit } from './own-checks';
import { EXT_RULES_BIT } from '../rules/rule';

const NOW = Date.UTC(2025, 5, 1, 12);

/** Files whose rows need each other: duplicates, alternates and origins across the cut, a lastmod after NOW. */
const FILES: InputFile[] = [
  { name: 'all-fixes.xml', bytes: fixture('all-fixes.xml') },
  { name: 'duplicates-ext.xml', bytes: fixture('duplicates-ext.xml') },
  { name: 'ext-hreflang.xml', bytes: fixture('ext-hreflang.xml') },
  { name: 'ext-defects.xml', bytes: fixture('ext-defects.xml') },
  {
    name: 'across.txt',
    bytes: bytesOf(
      [
        'https://example.com/d',
        'https://other.example.org/x',
        'http://example.com/insecure',
        'https://example.com/a b',
        'mailto:someone',
      ].join('\n'),
    ),
  },
  {
    name: 'future.xml',
    bytes: bytesOf(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/d</loc><lastmod>2025-06-05</lastmod><priority>2</priority></url><url><loc>https://example.com/new</loc><lastmod>2025-06-01T12:00:01Z</lastmod></url><url><loc>https://example.com/now</loc><lastmod>2025-06-01T12:00:00Z</lastmod></url></urlset>',
    ),
  },
  { name: 'urls.csv', bytes: fixture('urls.csv') },
];

function figures(r: CheckResult) {
  return {
    rowCodes: Array.from(r.rowCodes),
    extCodes: [...r.extCodes],
    counts: r.counts,
    byCode: r.byCode,
    problems: r.problems.map((p) => [p.code, p.severity, p.file, p.message]),
  };
}

/** The files read as two workers read them: the first `cut` here, the rest apart, each part checked on its own, then merged. */
function readInTwo(cut: number, siteUrl: string) {
  const here = readFiles(FILES.slice(0, cut));
  const there = readFiles(FILES.slice(cut));
  const parts = [ownChecks(here.rows, siteUrl, NOW), ownChecks(there.rows, siteUrl, NOW)];
  mergeSets(here, there);
  return { set: here, parts };
}

forEachReader(() => {
  describe('checkSet from the rows checked part by part (ownChecks)', () => {
    for (const siteUrl of ['https://example.com/', '']) {
      it(`gives exactly the check of one reader, at every cut (Site URL ${siteUrl || 'none'})`, () => {
        const whole = checkSet(readFiles(FILES), { siteUrl, now: new Date(NOW) });
        // The fixtures do hold the rules that need every row: else the test would prove little.
        expect(whole.byCode['loc-duplicate']).toBeGreaterThanOrEqual(4);
        expect(whole.byCode['loc-not-allowed']).toBeGreaterThanOrEqual(1);
        expect(whole.byCode['lastmod-future']).toBe(2);
        expect(whole.extCodes.size).toBeGreaterThan(0);
        for (let cut = 1; cut < FILES.length; cut++) {
          const { set, parts } = readInTwo(cut, siteUrl);
          expect(partsFit(parts, set.rows.length, siteUrl)).toBe(true);
          // The present comes from the parts, whatever the caller passes.
          expect(figures(checkSet(set, { siteUrl }, parts))).toEqual(figures(whole));
        }
      });
    }

    it('ignores parts made for another Site URL, another present or other rows, and checks every row itself', () => {
      const siteUrl = 'https://example.com/';
      const whole = figures(checkSet(readFiles(FILES), { siteUrl, now: new Date(NOW) }));
      const { set, parts } = readInTwo(3, '');
      expect(partsFit(parts, set.rows.length, siteUrl)).toBe(false);
      expect(figures(checkSet(set, { siteUrl, now: new Date(NOW) }, parts))).toEqual(whole);
      const other = readInTwo(3, siteUrl);
      const [first, second] = other.parts as [ReturnType<typeof ownChecks>, ReturnType<typeof ownChecks>];
      expect(partsFit([first, { ...second, now: NOW + 1 }], other.set.rows.length, siteUrl)).toBe(false);
      expect(partsFit([first], other.set.rows.length, siteUrl)).toBe(false);
      expect(partsFit([], 0, siteUrl)).toBe(false);
      expect(figures(checkSet(other.set, { siteUrl, now: new Date(NOW) }, [first]))).toEqual(whole);
    });

    it('marks each row with its own rules and hashes its loc as the duplicate index does', () => {
      const set = readFiles([FILES[0] as InputFile]);
      const own = ownChecks(set.rows, ' https://example.com/ ', NOW);
      expect(own.siteUrl).toBe('https://example.com/');
      expect(own.now).toBe(NOW);
      expect(own.codes.length).toBe(7);
      const result = checkSet(set, { siteUrl: 'https://example.com/', now: new Date(NOW) });
      // Rows 4 and 5 share a loc: the only cross-row bit; the others' bits are their own (the rows'
      // extension problems, image-deprecated, video-deprecated, news-too-old, are marked by the check's extension pass, after).
      const dup = checkSet(
        readFiles([{ name: 'one.txt', bytes: bytesOf('https://example.com/d\nhttps://example.com/d') }]),
      ).rowCodes[0] as number;
      expect(Array.from(own.codes)).toEqual(
        Array.from(result.rowCodes).map((m, i) => (i >= 3 ? m & ~dup & ~EXT_RULES_BIT : m)),
      );
      expect(own.hashes[3]).toBe(own.hashes[4]);
      expect(own.hashes[0]).not.toBe(own.hashes[3]);
    });
  });
});

import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { checkSet } from '../check/check-set';
import { RULES } from '../rules/registry';
import type { UrlRows } from '../rows/rows';
import type { ExtAttr, ExtElement, ExtNode } from '../rows/types';
import { exportSitemaps } from '../write/export';
import { options } from '../write/test-helpers';
import { apply, mutation, seeds } from '../../../fixtures/fuzz-cases';
import { forEachReader, readFiles } from '../../../fixtures/helpers';

forEachReader(() => {
  const CODES = new Set(RULES.map((r) => r.code));
  let cases = 0;
  let exportedFiles = 0;

  /** Throws on the first error a strict, namespace-aware parser finds. */
  function assertWellFormed(xml: string, name: string): void {
    const parser = new SaxesParser({ xmlns: true });
    parser.on('error', (e) => {
      throw new Error(`${name} is not well-formed: ${e.message}`);
    });
    parser.write(xml).close();
  }

  const decoder = new TextDecoder();

  /**
   * Every file the export writes is well-formed, and reading the files back
   * gives the same rows: exported again, they give the same bytes (the export
   * normalises values — escaping, completed dates — so bytes are the measure).
   */
  function assertExportRoundTrips(rows: UrlRows, positions?: number[]): void {
    const opts = options();
    const first = exportSitemaps(rows, opts, positions);
    for (const f of first.files) assertWellFormed(decoder.decode(f.data), f.name);
    exportedFiles += first.files.length;
    if (first.files.length === 0) return;
    const back = readFiles(first.files.map((f) => ({ name: f.name, bytes: f.data })));
    const urls = first.files.reduce((n, f) => n + (f.kind === 'index' ? 0 : f.urls), 0);
    expect(back.rows.length).toBe(urls);
    const again = exportSitemaps(back.rows, opts);
    expect(again.files.map((f) => [f.name, decoder.decode(f.data)])).toEqual(
      first.files.map((f) => [f.name, decoder.decode(f.data)]),
    );
  }

  describe('fuzz: import and check never throw', () => {
    it('survives thousands of mutated files', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: seeds.length - 1 }),
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          (seedIndex, mutations) => {
            const [name, original] = seeds[seedIndex] as [string, Uint8Array];
            const bytes = mutations.reduce(apply, original);
            const started = performance.now();
            const set = readFiles([{ name, bytes }], { maxDecompressedBytes: 4 * 1024 * 1024 });
            const result = checkSet(set);
            // A runaway guard (quadratic paths, loops), not a speed goal: inputs are < 64 KB.
            expect(performance.now() - started).toBeLessThan(10_000);
            expect(result.rowCodes.length).toBe(set.rows.length);
            for (const p of [...set.problems, ...result.problems]) {
              expect(CODES.has(p.code)).toBe(true);
              expect(typeof p.message).toBe('string');
              expect(p.file === undefined || typeof p.file === 'string').toBe(true);
              if (p.line !== undefined) expect(p.line).toBeGreaterThanOrEqual(1);
              if (p.column !== undefined) expect(p.column).toBeGreaterThanOrEqual(1);
            }
            for (let i = 0; i < set.rows.length; i++) expect(typeof set.rows.loc.get(i)).toBe('string');
            assertExportRoundTrips(set.rows);
            cases++;
          },
        ),
        { numRuns: 3000, seed: 20261129 },
      );
      expect(cases).toBe(3000);
      console.log(
        `fuzz: ${cases} mutated files imported, checked, exported (${exportedFiles} files, each well-formed) and re-imported from ${seeds.length} seeds`,
      );
    }, 600_000);
  });

  /** Names as rows may hold them (edits, saved sessions), valid or not. */
  const NAMES = ['a', 'loc', 'x.y-z', 'é', 'foo;bar', '00', 'y:z', 'a\u0000b', 'a b', '', '-', 'xmlns', 'b\u0001'];
  const NSS = [
    '',
    'urn:x',
    'urn:y',
    'http://www.google.com/schemas/sitemap-image/1.1',
    'http://www.sitemaps.org/schemas/sitemap/0.9',
    'http://www.w3.org/XML/1998/namespace',
    'http://www.w3.org/2000/xmlns/',
    'urn:\u0000',
  ];
  const PREFIXES = ['', 'p', 'q', 'xml', 'xmlns', '1', 'image'];
  const TEXT = fc.oneof(
    fc.constantFrom('t', ' ', '\r\n', '<&>"\'', '\u0000', '\uFFFE', '\uD800', ']]>'),
    fc.string({ maxLength: 6 }),
  );

  const extAttr: fc.Arbitrary<ExtAttr> = fc.record({
    ns: fc.constantFrom(...NSS),
    prefix: fc.constantFrom(...PREFIXES),
    name: fc.constantFrom(...NAMES),
    value: TEXT,
  });
  const extTree: fc.Arbitrary<ExtElement> = fc.letrec<{ el: ExtElement; node: ExtNode }>((tie) => ({
    el: fc.record({
      ns: fc.constantFrom(...NSS),
      prefix: fc.constantFrom(...PREFIXES),
      name: fc.constantFrom(...NAMES),
      attrs: fc.array(extAttr, { maxLength: 4 }),
      children: fc.array(tie('node'), { maxLength: 3 }),
    }),
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, TEXT, tie('el')),
  })).el;

  describe('fuzz: the writer never writes what a strict parser refuses', () => {
    it('exports any extension tree well-formed, and re-imports it to the same rows', () => {
      let runs = 0;
      fc.assert(
        fc.property(fc.array(fc.array(extTree, { maxLength: 3 }), { minLength: 1, maxLength: 3 }), (exts) => {
          const set = readFiles([]);
          exts.forEach((ext, k) =>
            set.rows.push({ loc: `https://example.com/${k}`, lastmod: '', changefreq: '', priority: '', ext }),
          );
          assertExportRoundTrips(set.rows);
          runs++;
        }),
        { numRuns: 1000, seed: 20261201 },
      );
      expect(runs).toBe(1000);
    }, 600_000);
  });
});

import fc from 'fast-check';
import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bytesOf, corpusFile, corpusFiles, fixture } from '../../../fixtures/helpers';
import { checkSet } from '../check/check-set';
import { RULES } from '../rules';
import { importFiles } from './import-files';

/**
 * Property: whatever bytes arrive, import and check end in rows plus located
 * problems — never an exception, never a runaway. Seeds are the repo's own
 * fixtures plus the small files of the real-world corpus when it is present.
 */
const seeds: [string, Uint8Array][] = [
  ['basic-urlset.xml', fixture('basic-urlset.xml')],
  ['basic-index.xml', fixture('basic-index.xml')],
  ['broken-truncated.xml', fixture('broken-truncated.xml')],
  ['urls.txt', fixture('urls.txt')],
  ['urls.csv', fixture('urls.csv')],
  ...corpusFiles().map((n) => [n, corpusFile(n)] as [string, Uint8Array]).filter(([, b]) => b.length < 64 * 1024),
];

const FRAGMENTS = ['<url>', '</url>', '<loc>', '</loc>', '<', '>', '&', '&amp;', '&#xD800;', ']]>', '<![CDATA[', '<!--', '<!DOCTYPE x [<!ENTITY a "b">]>', '<?xml version="1.0"?>', 'xmlns:image="x"', '<image:image>', '"', "'", '\u0000', '\uFEFF', 'ü', '\r\n', '</urlset>', '<sitemapindex>'];

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number; value: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'encode'; as: 'utf16le' | 'utf16be' | 'latin1-declared' }
  | { kind: 'wrap'; as: 'gzip' | 'gzip-truncated' | 'zip' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), text: fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('encode' as const), as: fc.constantFrom('utf16le' as const, 'utf16be' as const, 'latin1-declared' as const) }),
  fc.record({ kind: fc.constant('wrap' as const), as: fc.constantFrom('gzip' as const, 'gzip-truncated' as const, 'zip' as const) }),
);

function apply(bytes: Uint8Array, m: Mutation): Uint8Array {
  const at = (f: number) => Math.min(bytes.length, Math.floor(f * bytes.length));
  switch (m.kind) {
    case 'truncate':
      return bytes.slice(0, at(m.at));
    case 'flip': {
      const out = bytes.slice();
      if (out.length) out[Math.min(out.length - 1, at(m.at))] = m.value;
      return out;
    }
    case 'insert': {
      const i = at(m.at);
      const ins = bytesOf(m.text);
      const out = new Uint8Array(bytes.length + ins.length);
      out.set(bytes.subarray(0, i));
      out.set(ins, i);
      out.set(bytes.subarray(i), i + ins.length);
      return out;
    }
    case 'delete': {
      const i = at(m.at);
      const out = new Uint8Array(bytes.length - Math.min(m.length, bytes.length - i));
      out.set(bytes.subarray(0, i));
      out.set(bytes.subarray(i + m.length), i);
      return out;
    }
    case 'encode': {
      const text = new TextDecoder().decode(bytes);
      if (m.as === 'latin1-declared') {
        return Uint8Array.from(`<?xml version="1.0" encoding="ISO-8859-1"?>${text}`, (c) => c.charCodeAt(0) & 0xff);
      }
      const units = Array.from(text, (c) => c.charCodeAt(0));
      const le = m.as === 'utf16le';
      return new Uint8Array([...(le ? [0xff, 0xfe] : [0xfe, 0xff]), ...units.flatMap((u) => (le ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff]))]);
    }
    case 'wrap': {
      if (m.as === 'zip') return zipSync({ 'inner.xml': bytes });
      const gz = gzipSync(bytes);
      return m.as === 'gzip' ? gz : gz.slice(0, Math.max(10, gz.length >> 1));
    }
  }
}

const CODES = new Set(RULES.map((r) => r.code));
let cases = 0;

describe('fuzz: import and check never throw', () => {
  it('survives thousands of mutated files', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (seedIndex, mutations) => {
        const [name, original] = seeds[seedIndex] as [string, Uint8Array];
        const bytes = mutations.reduce(apply, original);
        const started = performance.now();
        const set = importFiles([{ name, bytes }], { maxDecompressedBytes: 4 * 1024 * 1024 });
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
        cases++;
      }),
      { numRuns: 3000, seed: 20261129 },
    );
    expect(cases).toBe(3000);
    console.log(`fuzz: ${cases} mutated files imported and checked from ${seeds.length} seeds`);
  }, 600_000);
});

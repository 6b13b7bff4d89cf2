import { describe, expect, it } from 'vitest';
import { locMask } from './loc-mask';
import { LocScanner } from './loc-scan';
import { CLEAN_HTTP_LOC, CLEAN_LOC_CASES as LOCS } from './loc-scan-test-helpers';

/** The locs joined as one column chunk (long enough to be read as bytes), with their ranges. */
function chunkOf(locs: readonly string[]): { text: string; at: [number, number][] } {
  let text = 'x'.repeat(300);
  const at: [number, number][] = [];
  for (const loc of locs) {
    at.push([text.length, text.length + loc.length]);
    text += loc;
  }
  return { text, at };
}

function scanAll(
  scanner: LocScanner,
  text: string,
  at: readonly [number, number][],
): { hash: string; clean: boolean }[] {
  return at.map(([s, e]) => {
    scanner.scanWide(text, s, e);
    return { hash: `${scanner.hi >>> 0}:${scanner.lo >>> 0}`, clean: scanner.clean };
  });
}

describe('LocScanner', () => {
  it('calls a loc clean exactly when locMask takes its fast path (the regular expression, up to 1,024 characters)', () => {
    const ascii = LOCS.filter((l) => /^[\0-\x7f]*$/.test(l));
    const { text, at } = chunkOf(ascii);
    const clean = scanAll(new LocScanner(true), text, at).map((r) => r.clean);
    expect(clean).toEqual(ascii.map((loc) => loc.length <= 1024 && CLEAN_HTTP_LOC.test(loc)));
    expect(clean.filter(Boolean).length).toBe(6);
    ascii.forEach((loc, i) => {
      if (clean[i]) expect(locMask(loc)).toBe(0);
    });
  });

  it('gives a loc the same hash in an ASCII chunk, in a chunk that is not, and alone', () => {
    const ascii = LOCS.filter((l) => /^[\0-\x7f]*$/.test(l));
    const inAscii = chunkOf(ascii);
    const inMixed = chunkOf([...ascii, 'https://a.example/é']);
    const a = scanAll(new LocScanner(true), inAscii.text, inAscii.at);
    const b = scanAll(new LocScanner(true), inMixed.text, inMixed.at).slice(0, ascii.length);
    const alone = ascii.map((loc) => scanAll(new LocScanner(true), loc, [[0, loc.length]])[0]);
    expect(b).toEqual(a);
    expect(alone).toEqual(a);
    // A loc that is not ASCII is never clean, and hashes the same wherever it is.
    const wide = 'https://a.example/café';
    const withWide = chunkOf(['https://a.example/x', wide]);
    const w1 = scanAll(new LocScanner(true), withWide.text, withWide.at)[1];
    const w2 = scanAll(new LocScanner(true), wide, [[0, wide.length]])[0];
    expect(w1).toEqual(w2);
    expect(w2?.clean).toBe(false);
  });

  it('tells every loc of the list apart, and 200,000 generated ones', () => {
    const { text, at } = chunkOf(LOCS);
    const hashes = scanAll(new LocScanner(true), text, at).map((r) => r.hash);
    expect(new Set(hashes).size).toBe(LOCS.length);
    const many = Array.from({ length: 200_000 }, (_, i) => `https://shop.example.com/category-${i % 48}/product-${i}`);
    const big = chunkOf(many);
    expect(new Set(scanAll(new LocScanner(true), big.text, big.at).map((r) => r.hash)).size).toBe(200_000);
  });

  it('compares a prefix in the bytes it scanned, and in the string when the chunk is not ASCII', () => {
    const s = new LocScanner(true);
    const { text, at } = chunkOf(['https://shop.example.com/a', 'https://shop.example.net/a', 'https://shop']);
    const prefix = 'https://shop.example.com/';
    expect(at.map(([st, e]) => (s.scanWide(text, st, e), s.startsWith(text, st, e, prefix)))).toEqual([
      true,
      false,
      false,
    ]);
    const mixed = chunkOf(['https://shop.example.com/é', 'https://shop.example.net/a']);
    expect(mixed.at.map(([st, e]) => (s.scanWide(mixed.text, st, e), s.startsWith(mixed.text, st, e, prefix)))).toEqual(
      [true, false],
    );
  });
});

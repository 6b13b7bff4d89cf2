import { describe, expect, it } from 'vitest';
import { hashString } from '../../text/hash';
import { locMask } from './loc-mask';
import { hasRawOrigin } from './location';
import { LocScanner, scanAsciiLoc, SCANNED } from './loc-scan';
import { ASCII_CLEAN_LOC_CASES as LOCS, CLEAN_HTTP_LOC } from './loc-scan-test-helpers';

describe('scanAsciiLoc', () => {
  const bytesOf = (s: string): { view: DataView; bytes: Uint8Array } => {
    const bytes = new TextEncoder().encode('..' + s + '..');
    return { view: new DataView(bytes.buffer), bytes };
  };

  it('calls a loc clean exactly when locMask takes its fast path (the regular expression, up to 1,024 characters)', () => {
    const clean = LOCS.map((loc) => {
      const { view, bytes } = bytesOf(loc);
      scanAsciiLoc(view, bytes, 2, 2 + loc.length);
      return SCANNED.clean;
    });
    expect(clean).toEqual(LOCS.map((loc) => loc.length <= 1024 && CLEAN_HTTP_LOC.test(loc)));
    expect(clean.filter(Boolean).length).toBe(6);
    // A clean loc has no defect of its own: the check skips locMask for it.
    LOCS.forEach((loc, i) => {
      if (clean[i]) expect(locMask(loc)).toBe(0);
    });
  });

  it('gives the hash of hashString, whatever the length', () => {
    for (const loc of LOCS) {
      const { view, bytes } = bytesOf(loc);
      expect(scanAsciiLoc(view, bytes, 2, 2 + loc.length)).toBe(hashString(loc));
    }
  });
});

describe('LocScanner.scan', () => {
  it('hashes as hashString and tells clean locs, before and after the chunk is encoded, and never calls a non-ASCII chunk clean', () => {
    const parts = Array.from({ length: 600 }, (_, i) =>
      i % 7 === 0 ? `https://a.example/${i}#x` : `https://a.example/${i}`,
    );
    const text = parts.join('');
    const chunk = new LocScanner();
    let at = 0;
    const clean: boolean[] = [];
    for (const p of parts) {
      expect(chunk.scan(text, at, at + p.length)).toBe(hashString(p));
      clean.push(chunk.clean);
      at += p.length;
    }
    // Encoded after 256 values in a row: the first are not known clean (the check tests them itself).
    expect(clean.slice(0, 256).some(Boolean)).toBe(false);
    expect(clean.slice(300)).toEqual(parts.slice(300).map((p) => !p.includes('#')));
    const wide = 'https://bücher.example/' + 'y'.repeat(300);
    for (let k = 0; k < 300; k++) chunk.scan(wide, 0, wide.length);
    expect(chunk.scan(wide, 0, wide.length)).toBe(hashString(wide));
    expect(chunk.clean).toBe(false);
  });

  it("tells a loc on the origin given exactly as the origin tally's own test does, from the first value when eager", () => {
    const parts = [
      'https://a.example',
      'https://a.example/',
      'https://a.example?q',
      'https://a.example#f',
      'https://a.example.org/',
      'https://a.example:8/',
      'https://a.exampl',
      'http://a.example/',
      'https://b.example/x',
      'https://a.examplex/',
      'https://a.example/' + 'z'.repeat(400),
    ];
    const text = parts.join('');
    for (const origin of ['https://a.example', 'https://a.exampl', 'https://a.ex', 'http://a.example', '']) {
      const chunk = new LocScanner(true);
      chunk.setOrigin(origin);
      let at = 0;
      for (const p of parts) {
        expect(chunk.scan(text, at, at + p.length)).toBe(hashString(p));
        expect(chunk.clean).toBe(p.length <= 1024 && CLEAN_HTTP_LOC.test(p));
        expect([p, origin, chunk.onOrigin]).toEqual([p, origin, origin !== '' && hasRawOrigin(p, origin)]);
        at += p.length;
      }
    }
  });
});

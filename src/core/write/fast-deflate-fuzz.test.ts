import { gunzipSync, inflateRawSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, fixture, hasShared } from '../../../fixtures/helpers';
import { deflateRaw, fastGzip } from './fast-deflate';
import { sameBytes } from './test-helpers';

/*
 * A deflate of our own writes every export: a wrong bit loses a user's
 * sitemap, so beyond the cases it is tuned for it is fed inputs built to
 * reach its edges (runs crossing the window and block ends, matches at
 * the maximum distance and length, bytes of every value, UTF-8), each
 * checked by zlib's inflate.
 */

/** xorshift32: the same inputs every run. */
function rng(seed: number): () => number {
  let x = seed | 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x1_0000_0000;
  };
}

const WORDS = [
  '<url>',
  '</url>\n',
  '<loc>https://www.example.com/',
  'é',
  '日本',
  '&amp;',
  'ü',
  '🙂',
  '\t',
  ' ',
  '\n',
  'a',
  'zz',
];

/** A mixture of repeats near and far, noise, runs and text, sized from a few bytes to past the 32 KiB window. */
function mixture(seed: number): Uint8Array {
  const r = rng(seed);
  const size = Math.floor(r() ** 3 * 400_000);
  const out = new Uint8Array(size);
  const text = new TextEncoder();
  let n = 0;
  while (n < size) {
    const kind = Math.floor(r() * 5);
    let len = 1 + Math.floor(r() ** 2 * 600);
    if (kind === 0) {
      // A copy from far back, up to the window's 32,768 bytes and past it.
      const dist = 1 + Math.floor(r() * Math.min(n, 40_000));
      for (let k = 0; k < len && n < size && dist <= n; k++, n++) out[n] = out[n - dist] as number;
      if (dist > n) out[n++] = 0;
    } else if (kind === 1) {
      for (let k = 0; k < len && n < size; k++) out[n++] = Math.floor(r() * 256);
    } else if (kind === 2) {
      const b = Math.floor(r() * 256);
      len *= 4;
      for (let k = 0; k < len && n < size; k++) out[n++] = b;
    } else {
      const w = text.encode(WORDS[Math.floor(r() * WORDS.length)] as string);
      for (let k = 0; k < w.length && n < size; k++) out[n++] = w[k] as number;
    }
  }
  return out;
}

describe('fast deflate, inputs built to reach its edges', () => {
  it('round-trips 120 seeded mixtures through zlib (deflate and gzip)', () => {
    let bytes = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const data = mixture(seed * 2654435761);
      bytes += data.length;
      expect(
        sameBytes(new Uint8Array(inflateRawSync(deflateRaw(data))), data),
        `seed ${seed}, ${data.length} bytes`,
      ).toBe(true);
      if (seed % 10 === 0)
        expect(sameBytes(new Uint8Array(gunzipSync(fastGzip(data))), data), `gzip seed ${seed}`).toBe(true);
    }
    expect(bytes).toBeGreaterThan(1_000_000);
  });

  it('round-trips every length from 0 to 300 of a repeating text, and a 258-byte match at every offset near 32 KiB', () => {
    const base = fixture('basic-urlset.xml');
    for (let len = 0; len <= 300; len++) {
      const data = base.subarray(0, Math.min(len, base.length));
      expect(sameBytes(new Uint8Array(inflateRawSync(deflateRaw(data))), data), `length ${len}`).toBe(true);
    }
    const r = rng(7);
    const chunk = Uint8Array.from({ length: 258 }, () => Math.floor(r() * 256));
    for (const gap of [32_768 - 259, 32_768 - 258, 32_768 - 257, 32_768, 32_769]) {
      const data = new Uint8Array(258 + gap + 258);
      data.set(chunk, 0);
      for (let k = 258; k < 258 + gap; k++) data[k] = Math.floor(r() * 256);
      data.set(chunk, 258 + gap);
      expect(sameBytes(new Uint8Array(inflateRawSync(deflateRaw(data))), data), `gap ${gap}`).toBe(true);
    }
  });
});

describe.runIf(hasShared)('fast deflate over the corpus', () => {
  it('round-trips every corpus file (the .gz ones as their compressed bytes)', () => {
    let files = 0;
    for (const group of ['real', 'robustness']) {
      const dir = join(CORPUS_DIR, group);
      for (const name of readdirSync(dir)) {
        const data = new Uint8Array(readFileSync(join(dir, name)));
        expect(sameBytes(new Uint8Array(gunzipSync(fastGzip(data))), data), name).toBe(true);
        files++;
      }
    }
    expect(files).toBeGreaterThanOrEqual(42);
  });
});

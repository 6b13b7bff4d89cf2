import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';

/** The CRC by its definition, a bit at a time: what the word reads must agree with. */
function byteCrc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const ascii = (s: string) => new TextEncoder().encode(s);

describe('crc32 (word reads)', () => {
  it('gives the standard check values', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(ascii('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });

  it('agrees with the bit loop at every alignment and length, and continues a CRC', () => {
    const data = new Uint8Array(300);
    for (let i = 0; i < data.length; i++) data[i] = (i * 131 + 7) & 0xff;
    for (let start = 0; start < 8; start++) {
      for (let len = 0; len < 40; len++) {
        const part = data.subarray(start, start + len);
        expect(crc32(part)).toBe(byteCrc32(part));
      }
    }
    const whole = crc32(data);
    expect(crc32(data.subarray(123), crc32(data.subarray(0, 123)))).toBe(whole);
    expect(whole).toBe(byteCrc32(data));
  });
});

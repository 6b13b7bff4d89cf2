import { describe, expect, it } from 'vitest';
import { formatBytes, formatNumber } from './format';

describe('formatNumber', () => {
  it('groups thousands the same way whatever the locale', () => {
    expect([0, 999, 1511, 1_000_000, 2.5].map(formatNumber)).toEqual(['0', '999', '1,511', '1,000,000', '2.5']);
  });
});

describe('formatBytes', () => {
  it('writes sizes in binary units, as SPEC §1 writes the limits', () => {
    expect([0, 1, 512, 1000, 1023].map(formatBytes)).toEqual([
      '0 bytes',
      '1 byte',
      '512 bytes',
      '1,000 bytes',
      '1,023 bytes',
    ]);
    expect([1024, 1536, 100_000, 1024 * 1024 - 1].map(formatBytes)).toEqual([
      '1 KiB',
      '1.5 KiB',
      '97.7 KiB',
      '1024 KiB',
    ]);
    expect([52_428_800, 10_485_760, 2.4 * 1024 * 1024, 256 * 1024 * 1024].map(formatBytes)).toEqual([
      '50 MiB',
      '10 MiB',
      '2.4 MiB',
      '256 MiB',
    ]);
    expect([1024 ** 3, 1.25 * 1024 ** 3, 3 * 1024 ** 4].map(formatBytes)).toEqual(['1 GiB', '1.3 GiB', '3 TiB']);
  });
});

import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../fixtures/helpers';
import { UrlRows } from '../rows/rows';
import { fieldMasks } from './field-masks';
import { clockOf } from '../rules/lastmod/w3c-datetime';
import { locMask } from '../rules/loc/loc-mask';
import { ownRowMask } from './row-mask';

const BODY =
  [
    ['2024-01-01', 'daily', '0.5'],
    ['2024-13-01', 'sometimes', '2'],
    ['2024-01-01', 'daily', '0.5'],
    ['', '', ''],
    ['2030-01-01T00:00:00Z', 'Weekly', 'x'],
    ['2024-01-01T10:00', 'never', '1.0'],
    ['2024-13-01', 'sometimes', '2'],
  ]
    .map(
      ([l, c, p], i) =>
        `<url><loc>https://e.com/${i}</loc>${l ? `<lastmod>${l}</lastmod>` : ''}${c ? `<changefreq>${c}</changefreq>` : ''}${p ? `<priority>${p}</priority>` : ''}</url>`,
    )
    .join('') + '<url><loc>https://e.com/d</loc><loc>https://e.com/e</loc><foo>x</foo></url>';

describe('fieldMasks: the row rules but loc, column by column', () => {
  const clock = clockOf(new Date('2025-01-01T00:00:00Z'));

  it('gives every row the bits ownRowMask gives it, read or restored from a save', () => {
    const rows = importText(urlset(BODY)).rows;
    const restored = UrlRows.fromSnapshot(structuredClone(rows.toSnapshot()));
    for (const r of [rows, restored]) {
      const masks = fieldMasks(r, clock);
      expect(r.length).toBe(8);
      for (let i = 0; i < r.length; i++)
        expect(locMask(r.loc.get(i)) | (masks[i] as number)).toBe(ownRowMask(r, i, clock));
    }
    const m = fieldMasks(rows, clock);
    // Equal values, equal bits; the clean and the empty row have none.
    expect([m[0], m[3], m[1] === m[6], (m[1] as number) !== 0, (m[7] as number) !== 0]).toEqual([
      0,
      0,
      true,
      true,
      true,
    ]);
  });
});

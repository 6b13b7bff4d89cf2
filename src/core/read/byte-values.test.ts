import { describe, expect, it } from 'vitest';
import { plainShortLength, predefinedEntity } from './byte-values';

const bytes = (s: string): { b: Uint8Array; view: DataView } => {
  const b = new TextEncoder().encode(s);
  return { b, view: new DataView(b.buffer) };
};

describe('plainShortLength', () => {
  it('measures 1 to 8 plain bytes before an end tag, and gives 0 for anything the value loop must read', () => {
    const at = (s: string): number => plainShortLength(bytes(s).b, 3);
    expect(['<x>weekly</x>', '<x>0.5</x>', '<x>monthly</x>', '<x>12345678</x>', '<x>a</x>'].map(at)).toEqual([
      6, 3, 7, 8, 1,
    ]);
    expect(
      [
        '<x>123456789</x>',
        '<x></x>',
        '<x> daily</x>',
        '<x>daily </x>',
        '<x>a&amp;b</x>',
        '<x>tägl</x>',
        '<x>daily<!-- --></x>',
        '<x>daily',
      ].map(at),
    ).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('predefinedEntity', () => {
  it('gives the byte and the length of each predefined entity, -1 for any other reference', () => {
    const text = '&amp;&lt;&gt;&quot;&apos;&#38;&nbsp;&am';
    const { b, view } = bytes(text);
    const found: number[][] = [];
    for (let pos = 0; pos < b.length; pos++) {
      if (b[pos] !== 38) continue;
      const e = predefinedEntity(view, b, b.length, pos + 1);
      found.push(e < 0 ? [pos, -1] : [pos, e & 0xff, e >>> 8]);
    }
    expect(found).toEqual([
      [0, 38, 5],
      [5, 60, 4],
      [9, 62, 4],
      [13, 34, 6],
      [19, 39, 6],
      [25, -1],
      [30, -1],
      [36, -1],
    ]);
  });
});

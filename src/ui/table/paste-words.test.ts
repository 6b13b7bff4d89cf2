import { describe, expect, it } from 'vitest';
import { planBlock } from '../../core/edit/paste-block';
import { describePaste } from './paste-words';
import { translatorFor } from '../../i18n/catalogues';

const EN = translatorFor('en');

describe('describePaste', () => {
  it('says where a block lands, what is left out and which values are invalid', () => {
    const targets = [{ label: 'lastmod', field: 'lastmod' as const }, { label: 'source file' }];
    const block = Array.from({ length: 12 }, (_, i) => [i < 10 ? `bad-${i}` : '2024-01-01', 'f.xml', 'extra']);
    const words = describePaste(planBlock(block, targets, 3, 14), 3, EN);
    expect(words).toEqual({
      title: 'Paste 11 rows × 2 columns?',
      lines: [
        '11 values into lastmod, rows 4–14. Undo takes the whole paste back in one step.',
        'Left out: the values for source file, which cannot be edited.',
        'Left out: 1 row past the last row shown.',
        'Left out: 1 column past the last column.',
        '10 values are invalid: pasted as typed, as an edit would be, and flagged as problems.',
      ],
      invalid: [
        ...Array.from(
          { length: 8 },
          (_, i) => `Row ${i + 4}, lastmod: "bad-${i}" is not a W3C date such as 2024-05-08 or 2024-05-08T10:00:00Z.`,
        ),
        '… and 2 more.',
      ],
    });
  });

  it('names a single row and column in the singular', () => {
    const words = describePaste(planBlock([['0.5']], [{ label: 'priority', field: 'priority' }], 0, 5), 0, EN);
    expect(words).toEqual({
      title: 'Paste 1 row × 1 column?',
      lines: ['1 value into priority, row 1. Undo takes the whole paste back in one step.'],
      invalid: [],
    });
  });
});

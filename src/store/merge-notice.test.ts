import { describe, expect, it } from 'vitest';
import type { MergeReport } from '../core/fix/merge-duplicates';
import { verbatim } from '../i18n/translator';
import { mergeNotice } from './merge-notice';
import { english } from './testing/in-english';

const REPORT: MergeReport = {
  rule: 'first',
  urls: 2,
  removed: 512,
  moved: { image: 3, video: 511, news: 0, alternate: 0, other: 0 },
  identical: 1,
  conflicts: 1,
  conflictExamples: [
    { loc: 'https://e.com/v', field: 'lastmod', kept: '2024-01-01', dropped: ['2024-02-01', '2024-03-01'] },
  ],
  keptApartTotal: 3,
  keptApart: [
    { row: 9, loc: 'https://e.com/n', reason: 'news', message: 'https://e.com/n: a duplicate kept as its own row: …' },
  ],
};

describe('mergeNotice', () => {
  it('adds what the merge moved to the text, and lists conflicts and copies kept apart as details', () => {
    expect(english(mergeNotice(verbatim('Removed 512 duplicate rows.'), REPORT, verbatim('Undo to choose.')))).toEqual({
      kind: 'info',
      text: "Removed 512 duplicate rows. Merged 512 duplicate rows into 2 rows kept (the first copy's values): moved 511 videos, 3 images; 1 identical element written once; 1 value differed between copies. Undo to choose.",
      details: [
        'https://e.com/v: lastmod 2024-01-01 kept over 2024-02-01, 2024-03-01',
        'https://e.com/n: a duplicate kept as its own row: …',
        '… and 2 more copies kept as their own rows',
      ],
    });
  });

  it('is the plain text without a merge, and without details when nothing conflicted', () => {
    expect(english(mergeNotice(verbatim('Fixed 1 × priority-format.'), undefined))).toEqual({
      kind: 'info',
      text: 'Fixed 1 × priority-format.',
    });
    const quiet = { ...REPORT, conflicts: 0, conflictExamples: [], keptApartTotal: 0, keptApart: [] };
    expect(mergeNotice(verbatim('Removed.'), quiet).details).toBeUndefined();
  });
});

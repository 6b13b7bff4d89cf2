import { describe, expect, it } from 'vitest';
import { noExtCounts } from '../fix/ext-canonical';
import { describeStreamDuplicates } from './describe-duplicates';

describe('describeStreamDuplicates', () => {
  it('says what was merged, written apart and left out', () => {
    expect(
      describeStreamDuplicates({
        merged: {
          rule: 'first',
          urls: 1,
          removed: 2,
          moved: { ...noExtCounts(), video: 2 },
          identical: 0,
          conflicts: 0,
          conflictExamples: [],
          keptApartTotal: 0,
          keptApart: [],
        },
        writtenApart: 3,
        writtenApartElements: { ...noExtCounts(), image: 4 },
        dropped: 1,
        identical: 2,
      }),
    ).toEqual([
      "Merged 2 duplicate rows into 1 row kept (the first copy's values): moved 2 videos; 0 values differed between copies.",
      '3 later copies of URLs written before were written as entries of their own with what only they had (4 images): a streamed file cannot merge into an entry already written, so those URLs appear more than once',
      '1 later copy of URLs written before was left out: every extension element it had was written with the URL already; its lastmod, changefreq and priority were not compared with those written',
      '2 extension elements of later copies already written with their URL were written once',
    ]);
    expect(describeStreamDuplicates(null)).toEqual([]);
  });
});

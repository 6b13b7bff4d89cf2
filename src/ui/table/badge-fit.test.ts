import { describe, expect, it } from 'vitest';
import { badgesThatFit } from './badge-fit';

describe('badgesThatFit', () => {
  it('shows as many badges as the width holds, with room for +N', () => {
    const codes = ['loc-fragment', 'lastmod-format', 'changefreq-value'];
    // 12 + (12·7+14) = 110: one badge, and +N needs 26 more.
    expect(badgesThatFit(codes, 120)).toBe(1);
    // Two badges: 12 + 98 + 112 + 26 = 248.
    expect(badgesThatFit(codes, 248)).toBe(2);
    expect(badgesThatFit(codes, 247)).toBe(1);
    // All three: the last needs no +N: 12 + 98 + 112 + 126 = 348.
    expect(badgesThatFit(codes, 348)).toBe(3);
    expect(badgesThatFit(codes, 347)).toBe(2);
  });

  it('always shows the first badge, and none without problems', () => {
    expect(badgesThatFit(['hreflang-not-reciprocal'], 40)).toBe(1);
    expect(badgesThatFit([], 400)).toBe(0);
  });
});

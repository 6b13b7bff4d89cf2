import { describe, expect, it } from 'vitest';
import { recheckField, type DrawnProblem } from './field-recheck';
import { clockOf } from '../rules/lastmod/w3c-datetime';

const CLOCK = clockOf(new Date('2026-06-01T00:00:00Z'));
const p = (
  code: DrawnProblem['code'],
  severity: DrawnProblem['severity'] = 'error',
  message: string = code,
): DrawnProblem => ({ code, severity, message });

describe('recheckField: one field re-checked from its value alone', () => {
  it("replaces the field's own problems, keeps the others, in the worker's order", () => {
    const before = [
      p('loc-fragment', 'warning'),
      p('lastmod-format'),
      p('unknown-tag', 'warning'),
      p('hreflang-value', 'warning'),
    ];
    // The words are checked below; what is compared here is which problems, in which order (keyed details as data).
    expect(
      recheckField(before, 'lastmod', '2030-01-01T10:00:00', CLOCK)?.map(({ detail: _, ...rest }) => rest),
    ).toEqual([
      p('loc-fragment', 'warning'),
      p(
        'lastmod-timezone',
        'warning',
        'lastmod "2030-01-01T10:00:00" has a time but no time zone; add Z or an offset such as +01:00 (Search Console: "Invalid date")',
      ),
      p('lastmod-future', 'warning', 'lastmod "2030-01-01T10:00:00" is in the future'),
      p('unknown-tag', 'warning'),
      p('hreflang-value', 'warning'),
    ]);
  });

  it('an emptied field breaks no rule', () => {
    expect(recheckField([p('priority-range'), p('duplicate-tag', 'warning')], 'priority', '', CLOCK)).toEqual([
      p('duplicate-tag', 'warning'),
    ]);
  });

  it('changefreq and priority name the fix', () => {
    expect(recheckField([], 'changefreq', 'Daily', CLOCK)).toEqual([
      {
        ...p(
          'changefreq-value',
          'error',
          'changefreq "Daily" is not one of the seven values; use daily (Search Console: "Invalid tag value")',
        ),
        detail: { id: 'detail.changefreq.use', values: { value: '"Daily"', fixed: 'daily' } },
      },
    ]);
    expect(recheckField([], 'priority', '1.5', CLOCK)?.map((x) => x.code)).toEqual(['priority-range']);
  });

  it('leaves a loc to the worker: its rules reach other rows', () => {
    expect(recheckField([p('loc-fragment', 'warning')], 'loc', 'https://example.com/', CLOCK)).toBeNull();
  });
});

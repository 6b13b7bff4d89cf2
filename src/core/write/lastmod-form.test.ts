import { describe, expect, it } from 'vitest';
import { completeForSchema, formatLastmod, formatW3cUtc } from './lastmod-form';

describe('formatLastmod', () => {
  it("'as-is' writes the value unchanged", () => {
    expect(formatLastmod('2024-05-08T10:00:00+02:00', 'as-is')).toBe('2024-05-08T10:00:00+02:00');
    expect(formatLastmod('2024/05/08', 'as-is')).toBe('2024/05/08');
  });

  it("'date' keeps the date part of a value starting with a real date", () => {
    expect(formatLastmod('2024-05-08T10:00:00+02:00', 'date')).toBe('2024-05-08');
    expect(formatLastmod('2024-05-08', 'date')).toBe('2024-05-08');
    expect(formatLastmod('2024-02-29T00:00Z', 'date')).toBe('2024-02-29');
    expect(formatLastmod('2023-02-29T00:00Z', 'date')).toBe('2023-02-29T00:00Z');
    expect(formatLastmod('2024-13-01T00:00Z', 'date')).toBe('2024-13-01T00:00Z');
    expect(formatLastmod('2024-05', 'date')).toBe('2024-05-01');
  });

  it("'datetime' completes a date-only value at midnight UTC", () => {
    expect(formatLastmod('2024-05-08', 'datetime')).toBe('2024-05-08T00:00:00+00:00');
    expect(formatLastmod('2024-05-08T10:00:00+02:00', 'datetime')).toBe('2024-05-08T10:00:00+02:00');
    expect(formatLastmod('2024-02-30', 'datetime')).toBe('2024-02-30');
    expect(formatLastmod('2024', 'datetime')).toBe('2024-01-01T00:00:00+00:00');
  });

  it("'datetime' adds the seconds xsd:dateTime requires", () => {
    expect(formatLastmod('2024-05-08T10:11Z', 'datetime')).toBe('2024-05-08T10:11:00Z');
    expect(formatLastmod('2024-05-08T10:11-05:00', 'datetime')).toBe('2024-05-08T10:11:00-05:00');
    expect(formatLastmod('2024-05-08T10:11', 'datetime')).toBe('2024-05-08T10:11');
    expect(formatLastmod('2024-05-08T10:11:12.5Z', 'datetime')).toBe('2024-05-08T10:11:12.5Z');
  });
});

describe('formatW3cUtc', () => {
  it('writes seconds and an explicit +00:00', () => {
    expect(formatW3cUtc(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 678)))).toBe('2024-01-02T03:04:05+00:00');
  });
});

describe('completeForSchema: W3C forms the sitemap schema refuses', () => {
  it.each([
    ['2024', '2024-01-01'],
    ['2024-03', '2024-03-01'],
    ['2024-03-05T10:30Z', '2024-03-05T10:30:00Z'],
    ['2024-03-05T10:30+02:00', '2024-03-05T10:30:00+02:00'],
    ['2024-03-05', '2024-03-05'],
    ['2024-13', '2024-13'],
    ['2024/03', '2024/03'],
  ])('%s → %s', (value, out) => {
    expect(completeForSchema(value)).toBe(out);
    expect(formatLastmod(value, 'as-is')).toBe(out);
  });
});

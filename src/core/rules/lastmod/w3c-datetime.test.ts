import { describe, expect, it } from 'vitest';
import { clockOf, daysFromCivil, lastmodMask, parseW3c, parsed, W3cStatus, isLeapYear } from './w3c-datetime';
import { codesOfMask } from '../bits';

const now = new Date('2024-06-15T12:00:00Z');
const clock = clockOf(now);
const codes = (v: string): string[] => codesOfMask(lastmodMask(v, clock));

describe('W3C Datetime', () => {
  it.each([
    '2024',
    '2024-01',
    '2024-01-05',
    '2024-01-05T10:00Z',
    '2024-01-05T10:00+01:00',
    '2024-01-05T10:00:00Z',
    '2024-01-05T10:00:00-05:00',
    '2024-01-05T10:00:00.5Z',
    '2024-01-05T10:00:00.123456+05:30',
    '2024-01-05T23:59:59+14:00',
    '2024-01-05T00:00:00-14:00',
    '2024-02-29',
    '2000-02-29',
    '2023-12-31T23:59:59Z',
  ])('accepts %s', (v) => {
    expect(codes(v)).toEqual([]);
  });

  it.each([
    '2023/01/05',
    '05-01-2023',
    'Tue, 05 Jan 2023 10:00:00 GMT',
    '2024-05-08 08:53:11 AM',
    '2024-01-05 10:00:00',
    '2024-1-5',
    '24-01-05',
    '20240105',
    '2024-01-05T10',
    '2024-01-05T10:00:00.Z',
    '2024-01-05T10:00:00+0100',
    '2024-01-05T10:00:00 Z',
    '2024-01-05T10:00:00z',
    '2024-01-05t10:00:00Z',
    ' 2024-01-05',
    '2024-01-05 ',
    '2024-01-05T10:00:00ZZ',
    '+2024-01-05',
    'yesterday',
    '1704448800',
    '',
  ])('reports %j as lastmod-format', (v) => {
    expect(parseW3c(v)).toBe(W3cStatus.Format);
    if (v !== '') expect(codes(v)).toEqual(['lastmod-format']);
  });

  it.each([
    ['2023-02-29', 'day'],
    ['2100-02-29', 'day'],
    ['1900-02-29', 'day'],
    ['2024-02-30', 'day'],
    ['2024-04-31', 'day'],
    ['2024-01-00', 'day'],
    ['2024-13-01', 'month'],
    ['2024-00', 'month'],
    ['0000', 'year'],
    ['2024-01-05T25:00:00Z', 'hour'],
    ['2024-01-05T24:00:00Z', 'hour'],
    ['2024-01-05T10:60:00Z', 'minute'],
    ['2024-01-05T10:00:60Z', 'second'],
    ['2024-01-05T10:00:00-00:14400', 'offset'],
    ['2024-01-05T10:00:00+25:00', 'offset'],
    ['2024-01-05T10:00:00+14:30', 'offset'],
    ['2024-01-05T10:00:00+01:60', 'offset'],
    ['2024-01-05T10:00:00+1:00', 'offset'],
  ])('reports %s as lastmod-invalid (%s)', (v, part) => {
    expect(parseW3c(v)).toBe(W3cStatus.Invalid);
    expect(parsed.invalid).toBe(part);
    expect(codes(v)).toEqual(['lastmod-invalid']);
  });

  it.each(['2024-01-05T10:00:00', '2024-01-05T10:00', '2024-01-05T10:00:00.25'])(
    'reports %s as lastmod-timezone, not format',
    (v) => {
      expect(codes(v)).toEqual(['lastmod-timezone']);
    },
  );

  it('an impossible value wins over a missing zone', () => {
    expect(codes('2024-02-30T10:00:00')).toEqual(['lastmod-invalid']);
  });

  it.each([
    [1900, false],
    [2000, true],
    [2023, false],
    [2024, true],
    [2100, false],
    [2400, true],
  ])('leap year %i: %s', (y, leap) => {
    expect(isLeapYear(y)).toBe(leap);
    expect(parseW3c(`${y}-02-29`)).toBe(leap ? W3cStatus.Ok : W3cStatus.Invalid);
    expect(parseW3c(`${y}-02-29T12:00:00Z`)).toBe(leap ? W3cStatus.Ok : W3cStatus.Invalid);
  });
});

describe('lastmod-future (now = 2024-06-15T12:00:00Z)', () => {
  it.each([
    ['2024-06-15', false],
    ['2024-06-16', false], // already the 16th east of UTC
    ['2024-06-17', true],
    ['2024-06', false],
    ['2024-07', true],
    ['2024', false],
    ['2025', true],
    ['2024-06-15T12:00:00Z', false],
    ['2024-06-15T12:00:01Z', true],
    ['2024-06-15T13:00:00+02:00', false],
    ['2024-06-15T14:00:00+01:00', true],
    ['2024-06-16T10:00:00', false], // no zone: a day of margin
    ['2024-06-16T13:00:00', true],
    ['1999-01-01', false],
  ])('%s → future %s', (v, future) => {
    expect(codes(v).includes('lastmod-future')).toBe(future);
  });

  it('a zone-less future value gets both warnings', () => {
    expect(codes('2030-01-01T00:00:00')).toEqual(['lastmod-timezone', 'lastmod-future']);
  });
});

describe('daysFromCivil', () => {
  it.each([
    [1970, 1, 1],
    [2000, 2, 29],
    [2024, 6, 15],
    [1900, 3, 1],
    [2400, 12, 31],
    [1601, 1, 1],
  ])('%i-%i-%i agrees with Date.UTC', (y, m, d) => {
    expect(daysFromCivil(y, m, d)).toBe(Date.UTC(y, m - 1, d) / 86_400_000);
  });
});

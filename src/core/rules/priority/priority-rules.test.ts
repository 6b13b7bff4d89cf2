import { describe, expect, it } from 'vitest';
import { changefreqMask } from '../changefreq/changefreq-rules';
import { priorityMask } from './priority-rules';
import { codesOfMask } from '../bits';

describe('priorityMask', () => {
  it.each([
    '0.0',
    '1.0',
    '0',
    '1',
    '0.5',
    '.5',
    '1.',
    '+0.5',
    '-0.0',
    '-0',
    '0.80',
    '00.3',
    '1.000',
    ' 0.5 ',
    '0.123456789',
  ])('accepts %j (xsd:decimal in 0–1)', (v) => {
    expect(priorityMask(v)).toBe(0);
  });
  it.each(['0,8', 'high', '', '.', '+', '-.', '1e-1', '0.5.1', '0x1', '½', '0. 5', 'NaN', '50%'])(
    'reports %j as priority-format',
    (v) => {
      expect(codesOfMask(priorityMask(v))).toEqual(['priority-format']);
    },
  );
  it.each(['1.01', '2', '-0.1', '10', '1.0000000000000000001', '-1', '01.5'])('reports %j as priority-range', (v) => {
    expect(codesOfMask(priorityMask(v))).toEqual(['priority-range']);
  });
});

describe('changefreqMask', () => {
  it.each(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'])('accepts %s', (v) => {
    expect(changefreqMask(v)).toBe(0);
  });
  it.each(['Daily', 'weekly ', 'her ay', 'bi-weekly', 'DAILY', 'day', 'quarterly'])('reports %j', (v) => {
    expect(codesOfMask(changefreqMask(v))).toEqual(['changefreq-value']);
  });
});

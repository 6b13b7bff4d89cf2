import { describe, expect, it } from 'vitest';
import { fixChangefreq } from './changefreq/changefreq-fixes';
import { addTimeZone, convertLastmod } from './lastmod/lastmod-fixes';
import { fixPriority } from './priority/priority-fixes';

describe('convertLastmod', () => {
  it.each([
    ['2023/01/05', '2023-01-05'],
    ['2023.01.05', '2023-01-05'],
    ['2023-1-5', '2023-01-05'],
    [' 2023-01-05 ', '2023-01-05'],
    ['2024-01-05 10:00:00', '2024-01-05T10:00:00'],
    ['2024-01-05 10:00', '2024-01-05T10:00'],
    ['2024-05-08 08:53:11 AM', '2024-05-08T08:53:11'],
    ['2024-05-08 08:53:11 PM', '2024-05-08T20:53:11'],
    ['2024-05-08 12:00:00 AM', '2024-05-08T00:00:00'],
    ['2024-05-08 12:30:00 pm', '2024-05-08T12:30:00'],
    ['2024-01-05T10:00:00+0100', '2024-01-05T10:00:00+01:00'],
    ['2024-01-05T10:00:00+01', '2024-01-05T10:00:00+01:00'],
    ['2024-01-05 10:00:00 UTC', '2024-01-05T10:00:00Z'],
    ['2024-01-05t10:00:00z', '2024-01-05T10:00:00Z'],
    ['2024-01-05T10:00:00.123 Z', '2024-01-05T10:00:00.123Z'],
    ['25-12-2023', '2023-12-25'],
    ['12/25/2023', '2023-12-25'],
    ['05.05.2023', '2023-05-05'],
    ['Tue, 05 Jan 2023 10:00:00 GMT', '2023-01-05T10:00:00Z'],
    ['Tue, 05 Jan 2023 10:00:00 +0200', '2023-01-05T10:00:00+02:00'],
    ['Thu, 5 Jan 2023 10:00:00 EST', '2023-01-05T10:00:00-05:00'],
    ['05 Jan 2023', '2023-01-05'],
    ['January 5, 2023', '2023-01-05'],
    ['Jan 5th 2023 10:00 PM', '2023-01-05T22:00'],
  ])('%j → %s', (v, out) => {
    expect(convertLastmod(v)).toBe(out);
  });
  it.each([
    '05-01-2023',
    '01/02/2023',
    '2023-02-30',
    '2023/13/01',
    'yesterday',
    '2024-05-08 13:00:00 PM',
    '1704448800',
    '',
    '2024-01-05T10:00:00+25:00',
  ])('%j → null (ambiguous or impossible)', (v) => {
    expect(convertLastmod(v)).toBeNull();
  });
});

describe('addTimeZone', () => {
  it.each([
    ['2024-01-05T10:00:00', undefined, '2024-01-05T10:00:00Z'],
    ['2024-01-05T10:00', '+01:00', '2024-01-05T10:00+01:00'],
    ['2024-01-05T10:00:00.5', '-05:30', '2024-01-05T10:00:00.5-05:30'],
  ])('%s + %s → %s', (v, zone, out) => {
    expect(addTimeZone(v, zone)).toBe(out);
  });
  it.each([
    ['2024-01-05T10:00:00', '+25:00'],
    ['2024-01-05T10:00:00', 'CET'],
    ['2024-01-05T10:00:00', '+0100'],
    ['2024-01-05', 'Z'],
    ['2024-01-05T10:00:00Z', 'Z'],
  ])('%s + %s → null', (v, zone) => {
    expect(addTimeZone(v, zone)).toBeNull();
  });
});

describe('fixChangefreq', () => {
  it.each([
    ['Daily', 'daily'],
    ['weekly ', 'weekly'],
    [' MONTHLY', 'monthly'],
    ['her ay', 'monthly'],
    ['Her Gün', 'daily'],
    ['her yıl', 'yearly'],
    ['haftalık', 'weekly'],
    ['täglich', 'daily'],
    ['Wöchentlich', 'weekly'],
    ['monatlich', 'monthly'],
    ['jährlich', 'yearly'],
    ['stündlich', 'hourly'],
    ['immer', 'always'],
    ['nie', 'never'],
    ['quotidien', 'daily'],
    ['hebdomadaire', 'weekly'],
    ['mensuel', 'monthly'],
    ['annuel', 'yearly'],
    ['jamais', 'never'],
    ['diario', 'daily'],
    ['semanal', 'weekly'],
    ['mensual', 'monthly'],
    ['anual', 'yearly'],
    ['nunca', 'never'],
    ['dagelijks', 'daily'],
    ['wekelijks', 'weekly'],
    ['maandelijks', 'monthly'],
    ['jaarlijks', 'yearly'],
    ['nooit', 'never'],
    ['every-day', 'daily'],
    ['annually', 'yearly'],
  ])('%j → %s', (v, out) => {
    expect(fixChangefreq(v)).toBe(out);
  });
  // The words of the guides Turkish and Serbian users learn from: Serbian in both scripts, ekavian and ijekavian.
  it.each([
    ['günde bir', 'daily'],
    ['ayda bir', 'monthly'],
    ['saatte bir', 'hourly'],
    ['daima', 'always'],
    ['mesečno', 'monthly'],
    ['Mesecno', 'monthly'],
    ['mjesečno', 'monthly'],
    ['nedeljno', 'weekly'],
    ['sedmično', 'weekly'],
    ['tjedno', 'weekly'],
    ['dnevno', 'daily'],
    ['svaki dan', 'daily'],
    ['godišnje', 'yearly'],
    ['uvek', 'always'],
    ['uvijek', 'always'],
    ['nikad', 'never'],
    ['nikada', 'never'],
    ['svakog sata', 'hourly'],
    ['Svakog-sata', 'hourly'],
    ['месечно', 'monthly'],
    ['МЕСЕЧНО', 'monthly'],
    ['мјесечно', 'monthly'],
    ['недељно', 'weekly'],
    ['седмично', 'weekly'],
    ['дневно', 'daily'],
    ['годишње', 'yearly'],
    ['увек', 'always'],
    ['никад', 'never'],
    ['сваког сата', 'hourly'],
  ])('%j → %s', (v, out) => {
    expect(fixChangefreq(v)).toBe(out);
  });
  it.each(['bi-weekly', 'quarterly', 'often', '', 'daily'])('%j → null', (v) => {
    expect(fixChangefreq(v)).toBeNull();
  });
});

describe('fixPriority', () => {
  it.each([
    ['0,8', '0.8'],
    [' 0,5 ', '0.5'],
    ['1,0', '1.0'],
    [',5', '.5'],
  ])('%j → %s', (v, out) => {
    expect(fixPriority(v)).toBe(out);
  });
  it.each(['high', '0,8,1', '0.8', '1.000,5', '50%', 'a,b'])('%j → null', (v) => {
    expect(fixPriority(v)).toBeNull();
  });
});

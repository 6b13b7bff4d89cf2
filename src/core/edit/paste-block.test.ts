import { describe, expect, it } from 'vitest';
import { parseTsv, pastedValueProblem, planBlock } from './paste-block';

describe('parseTsv', () => {
  it('reads rows of tab-separated cells, dropping the last line break a spreadsheet adds', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('a\tb\nc')).toEqual([['a', 'b'], ['c']]);
    expect(parseTsv('one')).toEqual([['one']]);
    expect(parseTsv('')).toEqual([['']]);
    expect(parseTsv('a\t\tc\n')).toEqual([['a', '', 'c']]);
  });

  it('reads quoted cells holding tabs, line breaks and doubled quotes, as the grid copies them', () => {
    expect(parseTsv('"x\ty"\t"say ""hi"""\n"two\nlines"\tz')).toEqual([
      ['x\ty', 'say "hi"'],
      ['two\nlines', 'z'],
    ]);
  });

  it('trims each value', () => {
    expect(parseTsv(' https://a.com/ \t 0.5 ')).toEqual([['https://a.com/', '0.5']]);
  });
});

describe('pastedValueProblem', () => {
  it('flags what the rules flag in each field', () => {
    expect(pastedValueProblem('priority', '0.5')).toBeNull();
    expect(pastedValueProblem('priority', '')).toBeNull();
    expect(pastedValueProblem('priority', 'high')).toBe('"high" is not a priority from 0.0 to 1.0.');
    expect(pastedValueProblem('changefreq', 'often')).toBe(
      '"often" is not a changefreq: use always, hourly, daily, weekly, monthly, yearly or never.',
    );
    expect(pastedValueProblem('lastmod', '8 May')).toBe(
      '"8 May" is not a W3C date such as 2024-05-08 or 2024-05-08T10:00:00Z.',
    );
    expect(pastedValueProblem('loc', 'https://a.com/x')).toBeNull();
    expect(pastedValueProblem('loc', '/x')).toBe('"/x" is not an absolute http(s) URL without spaces.');
    expect(pastedValueProblem('loc', '')).toBe('a URL cannot be empty.');
  });
});

describe('planBlock', () => {
  const targets = [
    { label: 'loc', field: 'loc' as const },
    { label: 'problems' },
    { label: 'priority', field: 'priority' as const },
  ];

  it('lays the block over the columns from the focused one, leaving out read-only columns and what is past the ends', () => {
    const plan = planBlock(
      [
        ['https://a.com/1', 'p', '0.1', 'extra'],
        ['https://a.com/2', 'q', 'bad'],
        ['https://a.com/3', 'r', '0.3'],
      ],
      targets,
      8,
      10,
    );
    expect(plan).toEqual({
      columns: [
        { field: 'loc', values: ['https://a.com/1', 'https://a.com/2'] },
        { field: 'priority', values: ['0.1', 'bad'] },
      ],
      rows: 2,
      cut: 1,
      readOnly: ['problems'],
      extraColumns: 1,
      invalid: [{ pos: 9, field: 'priority', value: 'bad', reason: '"bad" is not a priority from 0.0 to 1.0.' }],
      cells: 4,
    });
  });

  it('fills a short row of the block with empty values', () => {
    const plan = planBlock([['https://a.com/1', 'p', '0.1'], ['https://a.com/2']], targets, 0, 10);
    expect(plan.columns[1]).toEqual({ field: 'priority', values: ['0.1', ''] });
    expect(plan.invalid).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { importText, listOf } from '../../../fixtures/helpers';
import { isLocHeader } from './read-csv';

const problemsOf = (set: ReturnType<typeof importText>) =>
  set.problems.map((p) => [p.code, p.severity, p.line, p.message]);

describe('readCsvSitemap: a line with more fields than the header', () => {
  it('reads an unquoted decimal comma in the priority as one value and says where and why', () => {
    const set = importText(
      'loc,lastmod,priority\nhttps://e.com/a,2024-01-02,0,7\nhttps://e.com/b,2024-01-03,0.5\n',
      'urls.csv',
    );
    expect(listOf(set.rows).map((r) => [r.loc, r.lastmod, r.priority])).toEqual([
      ['https://e.com/a', '2024-01-02', '0,7'],
      ['https://e.com/b', '2024-01-03', '0.5'],
    ]);
    expect(problemsOf(set)).toEqual([
      [
        'csv-malformed',
        'warning',
        2,
        'This line has 4 fields but the header has 3: the priority "0,7" was written with a decimal comma and no quotes, so it was read as one value (quote such values, or use a decimal point)',
      ],
    ]);
  });

  it('names the fields it cannot place instead of dropping them silently', () => {
    const set = importText('url,changefreq\nhttps://e.com/a,daily,extra,more\n', 'urls.csv');
    expect(listOf(set.rows).map((r) => [r.loc, r.changefreq])).toEqual([['https://e.com/a', 'daily']]);
    expect(problemsOf(set)).toEqual([
      [
        'csv-malformed',
        'warning',
        2,
        'This line has 4 fields but the header has 2, so the last 2 fields ("extra", "more") are not read: a number with a decimal comma and no quotes (0,7) is the usual cause; quote such values, or use a decimal point',
      ],
    ]);
  });

  it('a broken quote is csv-malformed, located, not an XML problem', () => {
    const set = importText('loc,priority\n"https://e.com/a,0.5\n', 'urls.csv');
    expect(set.problems.map((p) => [p.code, p.line])).toEqual([['csv-malformed', 2]]);
    expect(set.problems[0]?.message).toMatch(/^CSV: /);
  });
});

describe('readCsvSitemap: a quote that is never closed', () => {
  it('is an error at the quote, and every later line is still read as a line of its own', () => {
    const set = importText(
      'loc,lastmod\nhttps://e.com/1,2024-01-01\n"https://e.com/2,2024-01-02\nhttps://e.com/3,2024-01-03\n\nhttps://e.com/4,2024-01-04\n',
      'urls.csv',
    );
    // The quote swallowed every later line into one URL, said only as a warning.
    expect(listOf(set.rows).map((r) => [r.loc, r.lastmod])).toEqual([
      ['https://e.com/1', '2024-01-01'],
      ['https://e.com/2', '2024-01-02'],
      ['https://e.com/3', '2024-01-03'],
      ['https://e.com/4', '2024-01-04'],
    ]);
    expect(set.problems.map((p) => [p.code, p.severity, p.line, p.column, p.message])).toEqual([
      [
        'csv-malformed',
        'error',
        3,
        1,
        'CSV: the quote (") at the start of this field is never closed, so this line and the 2 lines after it would be read as one value: the quote is left out and each line is read on its own',
      ],
    ]);
  });

  it('in a later field of a tab-separated line, with no line after it', () => {
    const set = importText('url\tlastmod\nhttps://e.com/1\t"2024-01-01\n', 'urls.tsv');
    expect(listOf(set.rows).map((r) => [r.loc, r.lastmod])).toEqual([['https://e.com/1', '2024-01-01']]);
    expect(set.problems.map((p) => [p.severity, p.line, p.column])).toEqual([['error', 2, 17]]);
    expect(set.problems[0]?.message).toBe(
      'CSV: the quote (") at the start of this field is never closed: it is left out and the line is read as it is',
    );
  });

  it('lists the first 20 lines and counts the rest', () => {
    const lines = Array.from({ length: 25 }, (_, i) => `https://e.com/${i},x,y`);
    const set = importText(`loc,priority\n${lines.join('\n')}\n`, 'urls.csv');
    expect(set.problems).toHaveLength(21);
    expect(set.problems[20]?.message).toBe('5 more lines have more fields than the header');
  });
});

describe('isLocHeader', () => {
  it('knows the names a URL column goes by, quoted or not', () => {
    expect(['URL', 'loc', 'Address', ' "URLs" ', 'Page URL', '\uFEFFurl', 'Link'].map(isLocHeader)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['https://e.com/', '/about', 'lastmod', 'www.e.com'].map(isLocHeader)).toEqual([false, false, false, false]);
  });
});

describe('readTextSitemap: a pasted column with a header', () => {
  it('reads the header as the header, says so, and keeps the line numbers', () => {
    const set = importText('URL\nhttps://e.com/a\nhttps://e.com/b\n', 'pasted.txt');
    expect(listOf(set.rows).map((r) => r.loc)).toEqual(['https://e.com/a', 'https://e.com/b']);
    expect(Array.from(set.rows.line.subarray(0, 2))).toEqual([2, 3]);
    expect(problemsOf(set)).toEqual([
      ['text-header', 'info', 1, 'The first line "URL" is a column header, not a URL, so it was not read as one'],
    ]);
  });

  it('reads a first line that is a URL as a URL', () => {
    const set = importText('\nhttps://e.com/a\nURL\n', 'pasted.txt');
    expect(listOf(set.rows).map((r) => r.loc)).toEqual(['https://e.com/a', 'URL']);
    expect(set.problems).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './csv-cell';

describe('csvCell (RFC 4180)', () => {
  it('leaves a plain value as it is', () => {
    expect(csvCell('https://example.com/a?b=1&c=2')).toBe('https://example.com/a?b=1&c=2');
    expect(csvCell('')).toBe('');
    expect(csvCell('münchen')).toBe('münchen');
  });

  it('quotes a value holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('https://example.com/a,b')).toBe('"https://example.com/a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('"')).toBe('""""');
  });

  it('guards values a spreadsheet would run as formulas with a leading apostrophe', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("http://evil.example","Fix")')).toBe('"\'=HYPERLINK(""http://evil.example"",""Fix"")"');
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
  });

  it('guards the full-width formula signs a spreadsheet reads as their ASCII forms', () => {
    expect(csvCell('\uFF1D1+2')).toBe("'\uFF1D1+2");
    expect(csvCell('\uFF0Bcmd')).toBe("'\uFF0Bcmd");
    expect(csvCell('\uFF0D2+3')).toBe("'\uFF0D2+3");
    expect(csvCell('\uFF20SUM(A1)')).toBe("'\uFF20SUM(A1)");
  });

  it('guards a formula sign after white space or zero-width characters', () => {
    expect(csvCell(' =1+2')).toBe("' =1+2");
    expect(csvCell('   +cmd')).toBe("'   +cmd");
    expect(csvCell('\u00A0=1')).toBe("'\u00A0=1");
    expect(csvCell('\u200B=1')).toBe("'\u200B=1");
    expect(csvCell('\uFEFF@SUM(A1)')).toBe("'\uFEFF@SUM(A1)");
    expect(csvCell('\u3000\uFF1D1')).toBe("'\u3000\uFF1D1");
    expect(csvCell('\u200D\u2060 -2+3')).toBe("'\u200D\u2060 -2+3");
    expect(csvCell('\n=1')).toBe('"\'\n=1"');
    expect(csvCell('\t \u00A0=HYPERLINK("x")')).toBe('"\'\t \u00A0=HYPERLINK(""x"")"');
  });

  it('guards a cell that starts with a tab, a carriage return or a line feed', () => {
    expect(csvCell('\tdata')).toBe("'\tdata");
    expect(csvCell('\rdata')).toBe('"\'\rdata"');
    expect(csvCell('\ndata')).toBe('"\'\ndata"');
  });

  it('leaves white space before plain text alone', () => {
    expect(csvCell(' https://example.com/')).toBe(' https://example.com/');
    expect(csvCell('\u00A0text')).toBe('\u00A0text');
    expect(csvCell('a =1')).toBe('a =1');
    expect(csvCell('\uFF41=1')).toBe('\uFF41=1');
  });

  it('leaves plain numbers alone: a sign makes them negative, not formulas', () => {
    expect(csvCell('-0.5')).toBe('-0.5');
    expect(csvCell('+1')).toBe('+1');
    expect(csvCell('-.5')).toBe('-.5');
    expect(csvCell('-1e5')).toBe("'-1e5");
    expect(csvCell('-')).toBe("'-");
  });

  it('writes formulas as they are when the guard is off', () => {
    expect(csvCell('=1+2', false)).toBe('=1+2');
    expect(csvCell('=A1,B1', false)).toBe('"=A1,B1"');
  });
});

describe('csvRecord', () => {
  it('joins the cells with commas and ends the line with CRLF', () => {
    expect(csvRecord(['a', 'b,c', '', '=x'])).toBe('a,"b,c",,\'=x\r\n');
    expect(csvRecord(['=x'], false)).toBe('=x\r\n');
  });
});

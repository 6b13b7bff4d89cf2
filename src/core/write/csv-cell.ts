/** A cell that must be quoted (RFC 4180 §2.6): it holds the separator, a quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * First characters that make Excel, LibreOffice or Google Sheets read a cell
 * as a formula (OWASP's CSV injection list: = + - @, tab and carriage return).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal number: a leading sign makes it negative, never a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** Either of the above: one test settles the common case, a value written as it is. */
const SPECIAL = /[",\r\n]|^[=+\-@\t]/;

/**
 * One CSV cell (RFC 4180): as is when it holds no comma, quote or line break;
 * otherwise in double quotes with every quote doubled.
 *
 * With `guardFormulas` (the default), a value a spreadsheet would run as a
 * formula gets a leading `'`. Sitemaps come from anyone, and a loc like
 * `=HYPERLINK("http://evil.example","Fix")` or a crafted file name would
 * otherwise act when the export is opened in a spreadsheet. Plain numbers
 * (`-0.5`, an out-of-range priority) are left alone: they are no formula, and
 * changing them would hide the value the problems column talks about.
 */
export function csvCell(value: string, guardFormulas = true): string {
  if (!SPECIAL.test(value)) return value;
  const text = guardFormulas && FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record: the cells joined with commas, ended by CRLF as RFC 4180 §2.1 asks. */
export function csvRecord(cells: readonly string[], guardFormulas = true): string {
  let line = '';
  for (let k = 0; k < cells.length; k++) line += (k === 0 ? '' : ',') + csvCell(cells[k] as string, guardFormulas);
  return line + '\r\n';
}

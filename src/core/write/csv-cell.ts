/** A cell that must be quoted (RFC 4180 §2.6): it holds the separator, a quote or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Characters a spreadsheet skips before it looks for a formula sign: white
 * space of every kind (`\s` holds tab, CR, LF, NBSP, the ideographic space
 * and the byte order mark) and the zero-width ones (ZWSP, ZWNJ, ZWJ, the
 * direction marks, the word joiner, the Mongolian vowel separator).
 */
const SKIPPED = '\\s\\u180E\\u200B-\\u200F\\u2060-\\u2064';

/**
 * Values that make Excel, LibreOffice or Google Sheets read a cell as a
 * formula: OWASP's CSV injection list (= + - @ first, tab and carriage
 * return), the full-width signs (＝ ＋ － ＠) that Excel reads as their ASCII
 * forms, and any of these after skipped characters (" =1", NBSP or ZWSP then
 * "=1"). A cell that starts with a line feed is guarded too.
 */
const FORMULA_START = new RegExp(`^(?:[\\t\\r\\n]|[${SKIPPED}]*[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20])`);

/** A plain decimal number: a leading sign makes it negative, never a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** Either of the above: one test settles the common case, a value written as it is. */
const SPECIAL = new RegExp(`[",\\r\\n]|^[${SKIPPED}=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20]`);

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

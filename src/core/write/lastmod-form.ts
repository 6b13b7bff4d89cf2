/** How `<lastmod>` values are written. */
export type LastmodForm = 'as-is' | 'date' | 'datetime';

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/** True when `s` starts with a real calendar date `YYYY-MM-DD` (no Feb 30). */
function startsWithValidDate(s: string): boolean {
  const m = DATE_PREFIX.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = mo === 2 ? (leap ? 29 : 28) : mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
  return d <= days;
}

/**
 * Rewrites one lastmod value in the chosen form. Values that do not start
 * with a real date are left exactly as they are: the checker reports them,
 * and guessing here would hide the problem.
 * - 'date': `2024-05-08T10:00:00+02:00` → `2024-05-08` (the date as written,
 *   in the value's own zone; no conversion, which could change the day).
 * - 'datetime': `2024-05-08` → `2024-05-08T00:00:00+00:00`; `…T10:11Z` →
 *   `…T10:11:00Z`; other values with a time stay.
 */
export function formatLastmod(value: string, form: LastmodForm): string {
  value = completeForSchema(value);
  if (form === 'as-is' || value.length < 10) return value;
  if (form === 'date') {
    return value.length > 10 && startsWithValidDate(value) ? value.slice(0, 10) : value;
  }
  if (!startsWithValidDate(value)) return value;
  if (value.length === 10) return value + 'T00:00:00+00:00';
  // W3C Datetime allows hh:mm without seconds; xsd:dateTime (the sitemap
  // schema's type) does not, so this form completes them.
  const m = NO_SECONDS.exec(value);
  return m ? m[1] + ':00' + m[2] : value;
}

const NO_SECONDS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})$/;

/**
 * W3C Datetime allows `YYYY`, `YYYY-MM` and `hh:mm` without seconds, but the
 * sitemap schema's type (xsd:date or xsd:dateTime) does not, and every file
 * written must validate: such values are completed, in every form, to the
 * first day or the full minute (`2024-03` → `2024-03-01`). The export reports
 * how many it completed.
 */
export function completeForSchema(value: string): string {
  const n = value.length;
  if (n === 4 && YEAR.test(value)) return `${value}-01-01`;
  if (n === 7 && YEAR_MONTH.test(value)) return `${value}-01`;
  if (n >= 17 && n <= 22 && startsWithValidDate(value)) {
    const m = NO_SECONDS.exec(value);
    if (m) return `${m[1]}:00${m[2]}`;
  }
  return value;
}

const YEAR = /^\d{4}$/;
const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** An instant as W3C Datetime in UTC with an explicit offset: `YYYY-MM-DDThh:mm:ss+00:00`. */
export function formatW3cUtc(d: Date): string {
  return (
    String(d.getUTCFullYear()).padStart(4, '0') +
    '-' +
    pad2(d.getUTCMonth() + 1) +
    '-' +
    pad2(d.getUTCDate()) +
    'T' +
    pad2(d.getUTCHours()) +
    ':' +
    pad2(d.getUTCMinutes()) +
    ':' +
    pad2(d.getUTCSeconds()) +
    '+00:00'
  );
}

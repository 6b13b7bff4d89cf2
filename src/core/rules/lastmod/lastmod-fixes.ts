import { DAY_MS, daysFromCivil, daysInMonth, parsed, parseW3c, W3cStatus } from './w3c-datetime';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

/** RFC 2822 zone names (obsolete US zones included, as feeds still write them). */
const NAMED_ZONES: Record<string, string> = {
  z: 'Z',
  ut: 'Z',
  utc: 'Z',
  gmt: 'Z',
  est: '-05:00',
  edt: '-04:00',
  cst: '-06:00',
  cdt: '-05:00',
  mst: '-07:00',
  mdt: '-06:00',
  pst: '-08:00',
  pdt: '-07:00',
};

const TIME = String.raw`(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*([AaPp]\.?[Mm]\.?)?)?`;
const ZONE = String.raw`\s*(Z|UTC?|GMT|[ECMP][SD]T|[+-]\d{2}:?\d{2}|[+-]\d{2})?`;
/** `2023/01/05`, `2023.1.5`, `2024-05-08 08:53:11 AM`, `2024-01-05T10:00:00+0100`. */
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})` + TIME + ZONE + '$', 'i');
/** `05-01-2023`, `25/12/2023`, `12.25.2023 10:00`. */
const YEAR_LAST = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})` + TIME + ZONE + '$', 'i');
/** RFC 2822 and its cousins: `Tue, 05 Jan 2023 10:00:00 GMT`, `5 January 2023`. */
const DAY_MONTH_NAME = new RegExp(
  String.raw`^(?:[A-Za-z]{3,9},?\s+)?(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})` + TIME + ZONE + '$',
  'i',
);
/** `January 5, 2023`, `Jan 5 2023 10:00 PM`. */
const MONTH_NAME_DAY = new RegExp(
  String.raw`^(?:[A-Za-z]{3,9},?\s+)?([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})` + TIME + ZONE + '$',
  'i',
);

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** Time groups as matched by TIME + ZONE, starting at group `g`. */
type Groups = (string | undefined)[];

/**
 * Builds the W3C value from parts, or null when a part is impossible. A time
 * without a zone stays without one: adding a zone is lastmod-timezone's fix,
 * with the zone the user chooses (planFixes applies both when asked for both).
 */
function build(y: number, mo: number, d: number, m: Groups, g: number): string | null {
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  let out = `${y}-${pad2(mo)}-${pad2(d)}`;
  const hh = m[g];
  if (hh === undefined) return m[g + 5] === undefined ? out : null;
  let h = Number(hh);
  const ampm = m[g + 4];
  if (ampm) {
    if (h < 1 || h > 12) return null;
    const pm = ampm[0] === 'p' || ampm[0] === 'P';
    h = (h % 12) + (pm ? 12 : 0);
  }
  out += `T${pad2(h)}:${m[g + 1]}`;
  if (m[g + 2] !== undefined) out += ':' + m[g + 2] + (m[g + 3] ?? '');
  const zone = m[g + 5];
  if (zone !== undefined) {
    const named = NAMED_ZONES[zone.toLowerCase()];
    if (named) out += named;
    else {
      const digits = zone.replace(':', '');
      out += digits.length === 3 ? digits + ':00' : digits.slice(0, 3) + ':' + digits.slice(3);
    }
  }
  return out;
}

/**
 * lastmod-format → the same instant in W3C Datetime, when that is
 * unambiguous; else null. Handles slashes and dots for dashes, missing
 * zero padding, a space for `T`, 12-hour times, `+0100` offsets, RFC 2822
 * and English month names. `05-01-2023` is null (5 January or May 1?) unless
 * one part is over 12 or both are equal.
 */
export function convertLastmod(value: string): string | null {
  const v = value.trim();
  let out: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = YEAR_FIRST.exec(v))) {
    out = build(Number(m[1]), Number(m[2]), Number(m[3]), m, 4);
  } else if ((m = YEAR_LAST.exec(v))) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    // Day-first (most of the world) or month-first (US): only safe when the numbers decide it.
    if (a > 12 && b <= 12) out = build(Number(m[3]), b, a, m, 4);
    else if (b > 12 && a <= 12) out = build(Number(m[3]), a, b, m, 4);
    else if (a === b) out = build(Number(m[3]), a, a, m, 4);
  } else if ((m = DAY_MONTH_NAME.exec(v))) {
    const mo = MONTHS[(m[2] ?? '').toLowerCase()];
    if (mo) out = build(Number(m[3]), mo, Number(m[1]), m, 4);
  } else if ((m = MONTH_NAME_DAY.exec(v))) {
    const mo = MONTHS[(m[1] ?? '').toLowerCase()];
    if (mo) out = build(Number(m[3]), mo, Number(m[2]), m, 4);
  } else {
    // Right shape apart from case or surrounding space: `2024-01-05t10:00:00z`.
    out = v.length >= 10 ? v.slice(0, 10) + v.slice(10).toUpperCase() : v;
  }
  if (out === null || out === value) return null;
  const status = parseW3c(out);
  return status === W3cStatus.Ok || status === W3cStatus.NoZone ? out : null;
}

/** True for a zone designator W3C Datetime accepts: `Z` or `±hh:mm` up to ±14:00. */
function isValidZone(zone: string): boolean {
  return /^(Z|[+-]\d{2}:\d{2})$/.test(zone) && parseW3c('2000-01-01T00:00' + zone) === W3cStatus.Ok;
}

/**
 * lastmod-timezone → the value with `zone` appended (`Z` unless the user
 * chose an offset); null when the zone is not valid or the value is not a
 * zone-less date-time.
 */
export function addTimeZone(value: string, zone = 'Z'): string | null {
  if (!isValidZone(zone) || parseW3c(value) !== W3cStatus.NoZone) return null;
  return value + zone;
}

/**
 * A lastmod as milliseconds since 1970 for comparing: W3C forms by their
 * instant (no zone read as UTC), other forms the format fix can read
 * converted first; -Infinity when it cannot be read.
 */
export function lastmodTime(value: string): number {
  const v = value.trim();
  if (v === '') return -Infinity;
  let status = parseW3c(v);
  if (status === W3cStatus.Format) {
    const converted = convertLastmod(v);
    if (converted === null) return -Infinity;
    status = parseW3c(converted);
  }
  if (status !== W3cStatus.Ok && status !== W3cStatus.NoZone) return -Infinity;
  const p = parsed;
  return daysFromCivil(p.year, p.month, p.day) * DAY_MS + ((p.hour * 60 + p.minute - p.offset) * 60 + p.second) * 1000;
}

import type { Clock } from '../rule';
import { LASTMOD_BIT } from './lastmod-rules';

export const DAY_MS = 86_400_000;

/**
 * What a lastmod value is, by the W3C Datetime profile the protocol uses.
 * Plain numbers (not an enum) so the file stays erasable TypeScript.
 */
export const W3cStatus = {
  Ok: 0,
  /** Not one of the six W3C Datetime shapes. */
  Format: 1,
  /** The right shape, impossible values (Feb 30, hour 25, offset +25:00). */
  Invalid: 2,
  /** A valid date and time without a zone designator. */
  NoZone: 3,
} as const;
export type W3cStatus = (typeof W3cStatus)[keyof typeof W3cStatus];

/** Which part of a value is impossible, for the message. */
export type InvalidPart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'offset' | '';

/**
 * The fields of the last value parsed by {@link parseW3c}. One shared record
 * instead of a returned object: the checker parses a million values and
 * allocates nothing for them. Read it right after the call.
 */
export const parsed = {
  year: 0,
  month: 1,
  day: 1,
  hour: 0,
  minute: 0,
  second: 0,
  /** 1 year, 2 month, 3 day, 4 date and time. */
  precision: 0,
  /** Minutes east of UTC; 0 when there is no zone. */
  offset: 0,
  hasZone: false,
  invalid: '' as InvalidPart,
};

/** Two decimal digits at `i` as a number, or -1. */
function d2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

function isDigitAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 48 && c <= 57;
}

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

function invalid(part: InvalidPart): W3cStatus {
  parsed.invalid = part;
  return W3cStatus.Invalid;
}

/**
 * Classifies `s` against W3C Datetime (YYYY, YYYY-MM, YYYY-MM-DD,
 * YYYY-MM-DDThh:mmTZD, YYYY-MM-DDThh:mm:ssTZD, YYYY-MM-DDThh:mm:ss.sTZD) and
 * fills {@link parsed}. A shape error wins over an impossible value, which
 * wins over a missing zone. An offset shaped `±digits:digits` with the wrong
 * number of digits (`-00:14400`) is an impossible offset, not a shape error.
 */
export function parseW3c(s: string): W3cStatus {
  const n = s.length;
  parsed.precision = 0;
  parsed.offset = 0;
  parsed.hasZone = false;
  parsed.invalid = '';
  parsed.month = 1;
  parsed.day = 1;
  parsed.hour = 0;
  parsed.minute = 0;
  parsed.second = 0;
  if (n < 4) return W3cStatus.Format;
  const y1 = d2(s, 0);
  const y2 = d2(s, 2);
  if (y1 < 0 || y2 < 0) return W3cStatus.Format;
  const year = y1 * 100 + y2;
  parsed.year = year;
  if (n === 4) {
    parsed.precision = 1;
    return year === 0 ? invalid('year') : W3cStatus.Ok;
  }
  if (n < 7 || s.charCodeAt(4) !== 0x2d) return W3cStatus.Format;
  const month = d2(s, 5);
  if (month < 0) return W3cStatus.Format;
  parsed.month = month;
  if (n === 7) {
    parsed.precision = 2;
    return checkDate(year, month, 1);
  }
  if (n < 10 || s.charCodeAt(7) !== 0x2d) return W3cStatus.Format;
  const day = d2(s, 8);
  if (day < 0) return W3cStatus.Format;
  parsed.day = day;
  if (n === 10) {
    parsed.precision = 3;
    return checkDate(year, month, day);
  }
  // A time: Thh:mm, then optional :ss and .s+
  if (n < 16 || s.charCodeAt(10) !== 0x54 || s.charCodeAt(13) !== 0x3a) return W3cStatus.Format;
  const hour = d2(s, 11);
  const minute = d2(s, 14);
  if (hour < 0 || minute < 0) return W3cStatus.Format;
  parsed.precision = 4;
  parsed.hour = hour;
  parsed.minute = minute;
  let i = 16;
  let second = 0;
  if (s.charCodeAt(i) === 0x3a) {
    second = d2(s, i + 1);
    if (second < 0) return W3cStatus.Format;
    i += 3;
    if (s.charCodeAt(i) === 0x2e) {
      i++;
      if (!isDigitAt(s, i)) return W3cStatus.Format;
      while (isDigitAt(s, i)) i++;
    }
  }
  parsed.second = second;
  const zone = parseZone(s, i);
  if (zone === W3cStatus.Format) return W3cStatus.Format;
  const date = checkDate(year, month, day);
  if (date !== W3cStatus.Ok) return date;
  if (hour > 23) return invalid('hour');
  if (minute > 59) return invalid('minute');
  if (second > 59) return invalid('second');
  return zone;
}

/** The zone designator at `i`: Ok (Z or a valid ±hh:mm), NoZone, Invalid or Format. */
function parseZone(s: string, i: number): W3cStatus {
  const n = s.length;
  if (i === n) return W3cStatus.NoZone;
  const c = s.charCodeAt(i);
  if (c === 0x5a) {
    if (i + 1 !== n) return W3cStatus.Format;
    parsed.hasZone = true;
    return W3cStatus.Ok;
  }
  if (c !== 0x2b && c !== 0x2d) return W3cStatus.Format;
  let j = i + 1;
  while (isDigitAt(s, j)) j++;
  const hLen = j - i - 1;
  if (hLen === 0 || s.charCodeAt(j) !== 0x3a) return W3cStatus.Format;
  let k = j + 1;
  while (isDigitAt(s, k)) k++;
  const mLen = k - j - 1;
  if (mLen === 0 || k !== n) return W3cStatus.Format;
  parsed.hasZone = true;
  if (hLen !== 2 || mLen !== 2) return invalid('offset');
  const hh = d2(s, i + 1);
  const mm = d2(s, j + 1);
  // xsd:dateTime allows offsets up to ±14:00.
  if (mm > 59 || hh > 14 || (hh === 14 && mm > 0)) return invalid('offset');
  parsed.offset = (c === 0x2d ? -1 : 1) * (hh * 60 + mm);
  return W3cStatus.Ok;
}

function checkDate(year: number, month: number, day: number): W3cStatus {
  if (year === 0) return invalid('year');
  if (month < 1 || month > 12) return invalid('month');
  if (day < 1 || day > daysInMonth(year, month)) return invalid('day');
  return W3cStatus.Ok;
}

/**
 * Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
 * days_from_civil): integer arithmetic, cheaper than Date.UTC in the hot loop
 * and without its reading of years 0–99 as 1900–1999.
 */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function clockOf(now: Date = new Date()): Clock {
  const nowMs = now.getTime();
  return { nowMs, nowDay: Math.floor(nowMs / DAY_MS) };
}

/**
 * True when the value just parsed lies after now. Somewhere on Earth it is
 * already tomorrow (UTC+14), so a date-only value may be one day ahead of
 * UTC, and a time without a zone may be up to a day ahead. A time with a zone
 * is an exact instant and is compared exactly.
 */
function isFuture(clock: Clock): boolean {
  const p = parsed;
  const day = daysFromCivil(p.year, p.month, p.day);
  // Most values are well in the past: decided on the day alone.
  if (day < clock.nowDay - 2) return false;
  if (p.precision < 4) return day > clock.nowDay + 1;
  const ms = day * DAY_MS + ((p.hour * 60 + p.minute - p.offset) * 60 + p.second) * 1000;
  return p.hasZone ? ms > clock.nowMs : ms > clock.nowMs + DAY_MS;
}

/** The rule bits of one non-empty lastmod value. */
export function lastmodMask(s: string, clock: Clock): number {
  switch (parseW3c(s)) {
    case W3cStatus.Ok:
      return isFuture(clock) ? LASTMOD_BIT.future : 0;
    case W3cStatus.NoZone:
      return LASTMOD_BIT.timezone | (isFuture(clock) ? LASTMOD_BIT.future : 0);
    case W3cStatus.Invalid:
      return LASTMOD_BIT.invalid;
    default:
      return LASTMOD_BIT.format;
  }
}

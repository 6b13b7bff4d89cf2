import type { Clock } from '../rule';
import { LASTMOD_BIT } from './lastmod-rules';
import { DAY_MS, daysFromCivil, daysInMonth, lastmodMask } from './w3c-datetime';

// Locals: through tsx an imported binding is a getter call on every use.
const FUTURE = LASTMOD_BIT.future;
const DAY = DAY_MS;
const daysIn = daysInMonth;
const civil = daysFromCivil;

/**
 * Years before this one lie wholly before `clock.nowDay - 2` (the day the
 * future test below starts at) for the clock {@link pastYearFor} last saw:
 * most values are decided on their year alone, without their day number.
 */
let pastYear = 0;
let pastYearDay = NaN;

/** The first year not wholly in the past of `clock` (see {@link pastYear}); recomputed when the day changes. */
function pastYearFor(clock: Clock): number {
  if (clock.nowDay !== pastYearDay) {
    pastYearDay = clock.nowDay;
    pastYear = new Date((clock.nowDay - 3) * DAY).getUTCFullYear();
  }
  return pastYear;
}

/**
 * {@link lastmodMask} of the lastmod `text[start, end)` (a column's chunk),
 * without a string of it when it has one of the three shapes real sitemaps
 * write (`2024-05-01`, `2024-05-01T10:20:30Z`, `2024-05-01T10:20:30+02:00`)
 * and is valid: those are judged in place; any other value, or an impossible
 * one, is sliced and judged by {@link lastmodMask}, which says what is wrong.
 */
export function lastmodMaskRange(text: string, start: number, end: number, clock: Clock): number {
  const len = end - start;
  if (len === 10 || len === 20 || len === 25) {
    const m = plainMask(text, start, len, clock);
    if (m >= 0) return m;
  }
  return lastmodMask(text.slice(start, end), clock);
}

/** Two decimal digits at `i` as a number, or -1. */
function d2(s: string, i: number): number {
  // Unsigned: a character below '0' wraps past 9, one test per digit.
  const a = (s.charCodeAt(i) - 48) >>> 0;
  const b = (s.charCodeAt(i + 1) - 48) >>> 0;
  return a <= 9 && b <= 9 ? a * 10 + b : -1;
}

/** The mask of a valid value of length 10, 20 or 25 at `s[i]` (only lastmod-future can be set), or -1 for any other. */
function plainMask(s: string, i: number, len: number, clock: Clock): number {
  const y1 = d2(s, i);
  const y2 = d2(s, i + 2);
  const month = d2(s, i + 5);
  const day = d2(s, i + 8);
  if (
    y1 < 0 ||
    y2 < 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    s.charCodeAt(i + 4) !== 0x2d ||
    s.charCodeAt(i + 7) !== 0x2d
  )
    return -1;
  const year = y1 * 100 + y2;
  // Every month has 28 days: the month's length (and a leap year's modulo arithmetic) only for the last days.
  if (year === 0 || (day > 28 && day > daysIn(year, month))) return -1;
  // As lastmod.ts's isFuture: most values are well in the past, decided on the day alone (or the year).
  const early = year < pastYearFor(clock);
  const days = early ? 0 : civil(year, month, day);
  const past = early || days < clock.nowDay - 2;
  if (len === 10) return !past && days > clock.nowDay + 1 ? FUTURE : 0;
  const hour = d2(s, i + 11);
  const minute = d2(s, i + 14);
  const second = d2(s, i + 17);
  if (s.charCodeAt(i + 10) !== 0x54 || s.charCodeAt(i + 13) !== 0x3a || s.charCodeAt(i + 16) !== 0x3a) return -1;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return -1;
  let offset = 0;
  const z = s.charCodeAt(i + 19);
  if (len === 20) {
    if (z !== 0x5a) return -1;
  } else {
    const hh = d2(s, i + 20);
    const mm = d2(s, i + 23);
    if ((z !== 0x2b && z !== 0x2d) || s.charCodeAt(i + 22) !== 0x3a || hh < 0 || mm < 0) return -1;
    if (mm > 59 || hh > 14 || (hh === 14 && mm > 0)) return -1;
    offset = (z === 0x2d ? -1 : 1) * (hh * 60 + mm);
  }
  if (past) return 0;
  const ms = days * DAY + ((hour * 60 + minute - offset) * 60 + second) * 1000;
  return ms > clock.nowMs ? FUTURE : 0;
}

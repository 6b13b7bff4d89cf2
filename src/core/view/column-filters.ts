/**
 * The table's filters by column value (lastmod before/after/missing,
 * priority, source file, extension kind) and the URL filter's regular
 * expression. Each filter reads its column in place (the chunk text and
 * offsets of a string column, the typed array of files), so a pass over a
 * million rows builds no string per row, except the regular expression,
 * which needs the loc as a string (a slice of its chunk: no copy).
 */
import { IMAGE_NS, isHreflangLink, NEWS_NS, VIDEO_NS } from '../rows/ext-read';
import type { StringColumn } from '../rows/string-columns';
import type { ExtElement } from '../rows/types';
import { MAX_URL_LENGTH, maxNativeLength, regexCost, type RegexCost } from './regex-cost';

/** The extension kinds a row can be filtered by. */
export type ExtKind = 'image' | 'video' | 'news' | 'alternate';

export const EXT_KINDS: readonly ExtKind[] = ['image', 'video', 'news', 'alternate'];

/** A day as the lastmod filters take it: 'YYYY-MM-DD'. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a lastmod filter's day is one the filters accept ('2024-05-01'). */
export function isFilterDay(day: string): boolean {
  return DAY.test(day);
}

/**
 * Compares a lastmod, as written, with a day ('2024-05-01'), by the date it
 * is written in (its first ten characters; a time and zone do not move it,
 * as the lastmod chart's months do not). A shorter date counts as its first
 * day: '2024' and '2024-05' are both before '2024-05-02' and '2024' is not
 * after '2024-01-01'. Returns <0, 0 or >0; compares no string it makes.
 */
export function compareLastmodDay(text: string, start: number, end: number, day: string): number {
  const n = Math.min(end - start, day.length);
  for (let k = 0; k < n; k++) {
    const d = text.charCodeAt(start + k) - day.charCodeAt(k);
    if (d !== 0) return d;
  }
  // '2024-05' against '2024-05-01': the shorter date is the month's first day.
  if (n < day.length) return isFirstDayTail(day, n) ? 0 : -1;
  return 0;
}

/** Whether the rest of a day from `at` is a first month or day ('-01', '-01-01'). */
function isFirstDayTail(day: string, at: number): boolean {
  const tail = day.slice(at);
  return tail === '-01' || tail === '-01-01';
}

/**
 * Whether a priority, as written, equals a wanted one as a number ('0.50'
 * matches '0.5'; '' matches only ''). Priorities are a handful of distinct
 * strings, so each is parsed once.
 */
export function priorityMatcher(column: StringColumn, wanted: string): (i: number) => boolean {
  if (wanted === '') return (i) => column.rawEnd(i) === column.rawStart(i);
  const target = Number(wanted);
  const seen = new Map<string, boolean>();
  return (i) => {
    const v = column.get(i);
    let hit = seen.get(v);
    if (hit === undefined) {
      hit = v.trim() !== '' && Number(v) === target;
      seen.set(v, hit);
    }
    return hit;
  };
}

/** Whether a row's extension elements include one of a kind. */
export function hasExtKind(ext: readonly ExtElement[] | undefined, kind: ExtKind): boolean {
  if (!ext) return false;
  for (const el of ext) {
    if (kind === 'alternate' ? isHreflangLink(el) : el.ns === NS_OF[kind] && el.name === kind) return true;
  }
  return false;
}

const NS_OF: Record<Exclude<ExtKind, 'alternate'>, string> = { image: IMAGE_NS, video: VIDEO_NS, news: NEWS_NS };

/** A URL pattern as compiled, or why it cannot be used. */
export type LocPattern = { ok: true; regex: RegExp; cost: RegexCost } | { ok: false; error: string };

/**
 * Compiles the URL filter's regular expression (JavaScript syntax, case
 * insensitive). A pattern that does not compile is refused with a message
 * saying why; no filter is applied then. Any other pattern runs within the
 * time budget (see loc-regex.ts): each URL goes to JavaScript's engine when
 * the pattern's shape says it is quick on a URL that long, else to RE2,
 * whose time is linear. RE2 has no lookahead and no back-reference: a
 * pattern with one is refused when JavaScript's engine could take minutes
 * on a URL of the protocol's length.
 */
export function compileLocPattern(source: string): LocPattern {
  if (source === '') return { ok: false, error: 'The pattern is empty.' };
  let regex: RegExp;
  try {
    regex = new RegExp(source, 'iu');
  } catch (err) {
    const why = err instanceof Error ? err.message.replace(/^Invalid regular expression: /, '') : String(err);
    return { ok: false, error: `Not a valid regular expression: ${why}` };
  }
  const cost = regexCost(source);
  if (cost.backtrackingOnly && maxNativeLength(cost) < MAX_URL_LENGTH) {
    return {
      ok: false,
      error:
        'A lookahead or a back-reference with this many repetitions can take minutes on one URL: use at most one *, + or {n,} with it, and no repeated group that holds one.',
    };
  }
  return { ok: true, regex, cost };
}

/** The time a regular expression may take over every loc of a view. */
export const REGEX_BUDGET_MS = 3000;

/** How the message of a pattern stopped for its time starts, for the page to tell it from other failures (the worker sends messages, not classes). */
export const PATTERN_TOO_SLOW = 'The pattern ';

/** Thrown when a pattern ran out of {@link REGEX_BUDGET_MS}; its message is for the user. */
export class PatternTooSlowError extends Error {
  constructor(done: number, total: number, budgetMs = REGEX_BUDGET_MS) {
    super(
      `${PATTERN_TOO_SLOW}took over ${budgetMs / 1000} s after ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} URLs: simplify it.`,
    );
    this.name = 'PatternTooSlowError';
  }
}

/*
 * The URL filter's regular expression over every loc of a view, within a
 * time budget that interrupts: the clock is read between URLs, so no URL
 * may take long. Each URL goes to JavaScript's engine when the pattern's
 * shape says it stays within NATIVE_STEP_LIMIT steps on a URL that long
 * (regex-cost.ts): it is the fastest, and for most patterns that is every
 * URL. Any other URL goes to RE2 (re2js, RE2's algorithm in JavaScript),
 * whose time grows linearly with the URL: `(.*a){25}$` or `(a|aa)*$` take it
 * a fraction of a millisecond where backtracking takes minutes.
 *
 * Why re2js (measured on 1,000,000 generated URLs, Node, idle machine): the
 * JavaScript engine tests a typical pattern in 30-55 ms, re2js in 320-430 ms
 * (its DFA), RE2 compiled to WebAssembly (re2-wasm) in 2.0-3.3 s (each URL
 * copied into its memory) and 1 MB of WebAssembly to load. Running the
 * filter in a worker ended at the budget would keep JavaScript's engine
 * for all but need the locs copied to that worker and the view's filter
 * made asynchronous. re2js adds 154 KB (47 KB gzipped) to the worker bundle only; the page gets the shape analysis (under 2 KB).
 */
import { RE2JS } from 're2js';
import type { StringColumn } from '../rows/string-column';
import { PATTERN_TOO_SLOW, PatternTooSlowError, REGEX_BUDGET_MS, type LocPattern } from './column-filters';
import { maxNativeLength } from './regex-cost';

/** URLs tested between two readings of the clock (a power of two: a mask, not a division, on every URL): each costs at most some milliseconds. */
const CLOCK_EVERY = 16;

/**
 * Tests locs against a compiled pattern within a time budget ({@link
 * REGEX_BUDGET_MS} by default): past it, {@link PatternTooSlowError} is
 * thrown so the worker answers again. The same answers as `regex.test` on
 * every URL (RE2 and JavaScript agree on the syntax both take).
 */
export class LocRegexMatcher {
  private tested = 0;
  private readonly started = now();
  private readonly regex: RegExp;
  /** The longest loc JavaScript's engine is given. */
  private readonly nativeMax: number;
  private readonly source: string;
  private readonly lookbehind: boolean;
  private re2: RE2JS | null | undefined;

  constructor(
    private readonly column: StringColumn,
    pattern: Extract<LocPattern, { ok: true }>,
    private readonly budgetMs = REGEX_BUDGET_MS,
  ) {
    this.regex = pattern.regex;
    this.source = pattern.regex.source;
    this.nativeMax = maxNativeLength(pattern.cost);
    this.lookbehind = pattern.cost.lookbehind;
    // Compiled now when every URL needs it; else at the first URL too long for the other.
    if (this.nativeMax === 0) this.re2 = compileRe2(this.source, this.lookbehind);
  }

  /** Which engine tests a loc of this length: for tests and the bench. */
  engineFor(length: number): 'native' | 're2' {
    return length <= this.nativeMax ? 'native' : 're2';
  }

  matches(i: number): boolean {
    if ((++this.tested & (CLOCK_EVERY - 1)) === 0 && now() - this.started > this.budgetMs)
      throw new PatternTooSlowError(this.tested, this.column.length, this.budgetMs);
    const loc = this.column.get(i);
    if (loc.length <= this.nativeMax) return this.regex.test(loc);
    if (this.re2 === undefined) this.re2 = compileRe2(this.source, this.lookbehind);
    if (this.re2 === null) throw new PatternTooLongError(i, loc.length);
    return this.re2.test(loc);
  }
}

/** Thrown for a URL too long for JavaScript's engine when RE2 cannot run the pattern; its message is for the user. */
export class PatternTooLongError extends Error {
  constructor(i: number, length: number) {
    super(
      `${PATTERN_TOO_SLOW}could take minutes on URL ${(i + 1).toLocaleString('en-US')} (${length.toLocaleString('en-US')} characters): a lookahead or a back-reference needs JavaScript's own engine, which backtracks. Simplify it.`,
    );
    this.name = 'PatternTooLongError';
  }
}

/** The pattern for RE2 (case-insensitive, as the filter is), or null when RE2 cannot run it. */
function compileRe2(source: string, lookbehind: boolean): RE2JS | null {
  try {
    const flags = RE2JS.CASE_INSENSITIVE | (lookbehind ? RE2JS.LOOKBEHINDS : 0);
    return RE2JS.compile(RE2JS.translateRegExp(source), flags);
  } catch {
    return null;
  }
}

function now(): number {
  return globalThis.performance ? globalThis.performance.now() : Date.now();
}

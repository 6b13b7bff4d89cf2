/*
 * How long a URL filter pattern may take on one URL in JavaScript's own
 * engine, which backtracks: read from the pattern's shape, so the filter can
 * give the URLs on which that engine is surely quick to it (it is the
 * fastest) and the others to a linear-time engine (RE2, loc-regex.ts), and
 * the time budget then always interrupts between two URLs.
 *
 * A backtracking engine tries, at each start position, every way the
 * repetitions can split the URL: with k unbounded repetitions (`*`, `+`,
 * `{n,}`) that is up to n^k ways at each of n positions, times the choices of
 * the bounded ones (`?`, `{2,5}`, `a|b`). A repeated group that holds a
 * repetition or a choice (`(a+)+`, `(a|aa)*`) is exponential; repeated a
 * fixed number of times (`(.*a){25}`) it is k = 25. The bound is loose (most
 * patterns do far better) but never too low.
 */

/** What the shape of a pattern says about its cost in a backtracking engine. */
export interface RegexCost {
  /** A repeated group holds a repetition or a choice: exponential on a near miss, whatever the URL's length. */
  nested: boolean;
  /** Unbounded repetitions, counting each copy of a group repeated a fixed number of times. */
  unbounded: number;
  /** log2 of the ways the bounded repetitions and the choices multiply. */
  log2Choices: number;
  /** `^` first, outside any choice: one start position instead of n. */
  anchored: boolean;
  /** A lookahead or a back-reference: only a backtracking engine runs it (RE2 has neither). */
  backtrackingOnly: boolean;
  /** A lookbehind: RE2 (re2js) runs it only without captures inside. */
  lookbehind: boolean;
}

/**
 * Steps one URL may cost the backtracking engine before it is given to the
 * linear one: some milliseconds at worst, so the budget, read between URLs,
 * interrupts in time.
 */
const NATIVE_STEP_LIMIT = 2 ** 22;

/** The longest URL the protocol allows (longer is `loc-too-long`). */
export const MAX_URL_LENGTH = 2048;

interface Frame {
  unbounded: number;
  log2Choices: number;
  nested: boolean;
  /** Alternatives seen in this group (`|`). */
  choices: number;
  lookaround: boolean;
}

/** Reads the pattern once (escapes, classes, groups, quantifiers), without running it. */
export function regexCost(source: string): RegexCost {
  const frames: Frame[] = [newFrame(false)];
  let backtrackingOnly = false;
  let lookbehind = false;
  /** What the last atom was, for a quantifier after it: a closed group's frame, or a single character. */
  let last: Frame | 'char' | null = null;
  let topChoice = false;
  for (let k = 0; k < source.length; k++) {
    const c = source[k] as string;
    const top = frames[frames.length - 1] as Frame;
    if (c === '\\') {
      const d = source[k + 1] ?? '';
      if (/[1-9]/.test(d) || (d === 'k' && source[k + 2] === '<')) backtrackingOnly = true;
      k += d === 'u' && source[k + 2] === '{' ? source.indexOf('}', k) - k : 1;
      last = 'char';
      continue;
    }
    if (c === '[') {
      k = classEnd(source, k);
      last = 'char';
      continue;
    }
    if (c === '(') {
      const head = source.slice(k, k + 4);
      const isLookahead = head.startsWith('(?=') || head.startsWith('(?!');
      const isLookbehind = head.startsWith('(?<=') || head.startsWith('(?<!');
      if (isLookahead) backtrackingOnly = true;
      if (isLookbehind) lookbehind = true;
      frames.push(newFrame(isLookahead || isLookbehind));
      last = null;
      continue;
    }
    if (c === ')') {
      const closed = frames.length > 1 ? (frames.pop() as Frame) : newFrame(false);
      if (closed.choices > 0) closed.log2Choices += Math.log2(closed.choices + 1);
      last = closed;
      // Counted in its parent as it is: a quantifier after it multiplies it (see below).
      add(frames[frames.length - 1] as Frame, closed, 1);
      continue;
    }
    if (c === '|') {
      top.choices++;
      if (frames.length === 1) topChoice = true;
      last = null;
      continue;
    }
    const q = quantifierAt(source, k);
    if (q !== null) {
      k = q.end - 1;
      if (last === null) continue;
      const variable = q.max !== q.min;
      if (last === 'char') {
        if (q.max === Infinity) top.unbounded++;
        else if (variable) top.log2Choices += Math.log2(q.max - q.min + 1);
      } else {
        const inner = last;
        const varies = inner.unbounded > 0 || inner.log2Choices > 0 || inner.nested;
        if (q.max === Infinity) {
          // The group was counted once when it closed: an unbounded repeat of what varies is exponential.
          if (varies) top.nested = true;
          else top.unbounded++;
        } else {
          if (q.max > 1) add(top, inner, q.max - 1);
          if (variable) top.log2Choices += Math.log2(q.max - q.min + 1);
        }
      }
      last = null;
      continue;
    }
    last = 'char';
  }
  while (frames.length > 1) add(frames[frames.length - 2] as Frame, frames.pop() as Frame, 1);
  const root = frames[0] as Frame;
  if (root.choices > 0) root.log2Choices += Math.log2(root.choices + 1);
  return {
    nested: root.nested,
    unbounded: root.unbounded,
    log2Choices: root.log2Choices,
    anchored: source.startsWith('^') && !topChoice,
    backtrackingOnly,
    lookbehind,
  };
}

function newFrame(lookaround: boolean): Frame {
  return { unbounded: 0, log2Choices: 0, nested: false, choices: 0, lookaround };
}

function add(into: Frame, from: Frame, times: number): void {
  into.unbounded += from.unbounded * times;
  into.log2Choices += from.log2Choices * times;
  into.nested ||= from.nested;
}

/** The quantifier at `k` (with its lazy `?`), or null: `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`. */
function quantifierAt(source: string, k: number): { min: number; max: number; end: number } | null {
  const c = source[k];
  let q: { min: number; max: number; end: number } | null = null;
  if (c === '*') q = { min: 0, max: Infinity, end: k + 1 };
  else if (c === '+') q = { min: 1, max: Infinity, end: k + 1 };
  else if (c === '?') q = { min: 0, max: 1, end: k + 1 };
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(k, k + 24));
    if (!m) return null;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    q = { min, max, end: k + m[0].length };
  }
  if (q && source[q.end] === '?') q.end++;
  return q;
}

/** The index of the `]` closing the class opened at `at` (the end when unclosed). */
function classEnd(source: string, at: number): number {
  for (let k = at + 1; k < source.length; k++) {
    if (source[k] === '\\') k++;
    else if (source[k] === ']' && k > at + 1) return k;
  }
  return source.length;
}

/**
 * The longest URL on which the backtracking engine stays within
 * {@link NATIVE_STEP_LIMIT} steps for this pattern: Infinity when its cost is
 * linear in the URL, 0 when it is exponential.
 */
export function maxNativeLength(cost: RegexCost): number {
  if (cost.nested || cost.log2Choices > 22) return 0;
  const degree = cost.unbounded + (cost.anchored ? 0 : 1);
  if (degree <= 1) return degree === 0 ? Infinity : NATIVE_STEP_LIMIT / 2 ** cost.log2Choices;
  return Math.floor((NATIVE_STEP_LIMIT / 2 ** cost.log2Choices) ** (1 / degree));
}

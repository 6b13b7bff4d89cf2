import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArenaColumn } from '../rows/arena-column';
import { compileLocPattern, PATTERN_TOO_SLOW, PatternTooSlowError, type LocPattern } from './column-filters';
import { LocRegexMatcher } from './loc-regex';
import { MAX_URL_LENGTH, maxNativeLength, regexCost } from './regex-cost';

const H = 'https://www.example.com';

function columnOf(locs: readonly string[]): ArenaColumn {
  const column = new ArenaColumn();
  for (const l of locs) column.push(l);
  column.seal();
  return column;
}

function compiled(source: string): Extract<LocPattern, { ok: true }> {
  const p = compileLocPattern(source);
  if (!p.ok) throw new Error(p.error);
  return p;
}

/** The same pattern with every URL given to RE2. */
function re2Only(source: string): Extract<LocPattern, { ok: true }> {
  const p = compiled(source);
  return { ...p, cost: { ...p.cost, nested: true } };
}

describe('regexCost: how long backtracking may take, from the pattern alone', () => {
  it('leaves linear and near-linear patterns to JavaScript’s engine, and gives RE2 what could take minutes', () => {
    const longest = (p: string) => [p, maxNativeLength(regexCost(p))];
    // Linear: any URL (the step limit is in characters at one step each).
    expect(longest('/blog/')).toEqual(['/blog/', 2 ** 22]);
    expect(longest('^https://www\\.example\\.com/(shoes|news)-')[1]).toBe(Infinity);
    // One unbounded repetition: every URL of the protocol's length.
    expect(longest('blog.*2024')).toEqual(['blog.*2024', MAX_URL_LENGTH]);
    expect(longest('[^/]+$')).toEqual(['[^/]+$', MAX_URL_LENGTH]);
    // Two: most URLs.
    expect(longest('^https?://[^/]+/blog/.*')).toEqual(['^https?://[^/]+/blog/.*', 1448]);
    expect(longest('(red|blue)-\\w+/\\d+')).toEqual(['(red|blue)-\\w+/\\d+', 127]);
    expect(longest('a.*b.*c')).toEqual(['a.*b.*c', 161]);
    // Issue 34's and the classic exponential ones: none (a group repeated 25 times holding .* is degree 26).
    for (const p of ['(a|aa)*$', '(a+)+$', '(\\w*)*x', '((ab)+c)*', '(x{2,})+']) expect(longest(p)).toEqual([p, 0]);
    expect(longest('(.*a){25}$')).toEqual(['(.*a){25}$', 1]);
    expect(longest('(.*a){3}(.*b){3}')).toEqual(['(.*a){3}(.*b){3}', 8]);
  });

  it('knows what only a backtracking engine runs, and what is anchored', () => {
    expect(regexCost('^(?!.*/tag/)')).toMatchObject({ backtrackingOnly: true, anchored: true, unbounded: 1 });
    expect(regexCost('(a)\\1')).toMatchObject({ backtrackingOnly: true });
    expect(regexCost('(?<=/)a')).toMatchObject({ backtrackingOnly: false, lookbehind: true });
    expect(regexCost('^a|b')).toMatchObject({ anchored: false });
    expect(regexCost('[(a+)]+')).toMatchObject({ nested: false, unbounded: 1 });
    expect(regexCost('\\(a+\\)+')).toMatchObject({ nested: false, unbounded: 2 });
  });
});

describe('compileLocPattern', () => {
  it('says why a pattern is refused, and takes the shapes RE2 runs in linear time', () => {
    expect(compileLocPattern('a(b')).toEqual({
      ok: false,
      error: 'Not a valid regular expression: /a(b/iu: Unterminated group',
    });
    expect(compileLocPattern('(a+)+(?=b)')).toEqual({
      ok: false,
      error:
        'A lookahead or a back-reference with this many repetitions can take minutes on one URL: use at most one *, + or {n,} with it, and no repeated group that holds one.',
    });
    for (const p of ['(a+)+$', '(.*a){25}$', '(a|aa)*$', '^(?!.*/tag/)'])
      expect([p, compileLocPattern(p).ok]).toEqual([p, true]);
    const ok = compileLocPattern('/blog/');
    expect(ok.ok && ok.regex.flags).toBe('iu');
  });
});

describe('LocRegexMatcher', () => {
  // Near misses: each ends in "!", where the backtracking engine tries every split before failing.
  const hostile = columnOf(Array.from({ length: 512 }, (_, k) => `${H}/${'a'.repeat(20 + (k % 40))}!`));

  it('tests issue 34’s patterns on near misses with RE2, so each URL is quick and the budget can interrupt', () => {
    for (const source of ['(.*a){25}$', '(a|aa)*$', '(a+)+$']) {
      const m = new LocRegexMatcher(hostile, compiled(source));
      expect(m.engineFor(60)).toBe('re2');
      let found = 0;
      for (let i = 0; i < hostile.length; i++) if (m.matches(i)) found++;
      // Each URL ends in "!": only the empty repetition before the end matches, for (a|aa)*$.
      expect([source, found]).toEqual([source, source === '(a|aa)*$' ? hostile.length : 0]);
    }
  });

  it('reads the clock every 16 URLs and stops at the first reading past the budget, with a message for the user', () => {
    const m = new LocRegexMatcher(hostile, compiled('(a|aa)*$'), -1);
    let stopped: unknown = null;
    let tested = 0;
    try {
      for (let i = 0; i < hostile.length; i++, tested++) m.matches(i);
    } catch (err) {
      stopped = err;
    }
    expect(stopped).toBeInstanceOf(PatternTooSlowError);
    expect(tested).toBe(15);
    expect((stopped as Error).message).toBe(`${PATTERN_TOO_SLOW}took over -0.001 s after 16 of 512 URLs: simplify it.`);
  });

  it('gives a URL too long for JavaScript’s engine to RE2, and says so when RE2 cannot run the pattern', () => {
    const long = `${H}/${'a'.repeat(5000)}/tag/x`;
    const column = columnOf([`${H}/a`, long]);
    const m = new LocRegexMatcher(column, compiled('a.*tag.*x'));
    expect([m.engineFor(100), m.engineFor(5000)]).toEqual(['native', 're2']);
    expect([m.matches(0), m.matches(1)]).toEqual([false, true]);
    const lookahead = new LocRegexMatcher(column, compiled('a(?=a).*x'));
    expect(lookahead.engineFor(MAX_URL_LENGTH)).toBe('native');
    expect(lookahead.matches(0)).toBe(false);
    expect(() => lookahead.matches(1)).toThrow(
      `${PATTERN_TOO_SLOW}could take minutes on URL 2 (5,030 characters): a lookahead or a back-reference needs JavaScript's own engine, which backtracks. Simplify it.`,
    );
  });

  it('answers as JavaScript’s engine does whichever engine tests a URL', () => {
    const patterns = [
      '/blog/',
      'shop/\\d+$',
      '^https?://[^/]+/(a|b)',
      '\\.(html?|php)$',
      '%[0-9a-f]{2}',
      'caf\\u00e9',
      '[^\\x00-\\x7f]',
      '\\bid=\\d',
      '(?<y>\\d{4})/(?<m>\\d{2})',
      'ß',
      '\\p{L}{5,}',
    ];
    const url = fc
      .array(
        fc.constantFrom(
          '/',
          'blog',
          'shop',
          'a',
          'b',
          '1',
          '42',
          '2024/05',
          '.html',
          '.php',
          '?id=7',
          '%2F',
          'café',
          'CAFÉ',
          'ß',
          'SS',
          'é',
        ),
        { maxLength: 8 },
      )
      .map((parts) => `${H}/${parts.join('')}`);
    fc.assert(
      fc.property(fc.constantFrom(...patterns), fc.array(url, { minLength: 1, maxLength: 20 }), (source, locs) => {
        const column = columnOf(locs);
        const native = compiled(source).regex;
        const re2 = new LocRegexMatcher(column, re2Only(source));
        for (let i = 0; i < locs.length; i++)
          expect([source, locs[i], re2.matches(i)]).toEqual([source, locs[i], native.test(locs[i] as string)]);
      }),
      { numRuns: 300, seed: 20261203 },
    );
  });
});

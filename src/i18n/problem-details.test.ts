import { describe, expect, it } from 'vitest';
import type { Said } from '../core/base/message';
import { checkIndexEntries } from '../core/check/index-entries';
import type { RuleCode } from '../core/rules/registry';
import { clockOf } from '../core/rules/lastmod/w3c-datetime';
import { FIELD_RULES } from '../core/rules/modules';
import { makeProblem, type Problem } from '../core/rules/problem';
import { ruleFor } from '../core/rules/registry';
import type { DescribeContext } from '../core/rules/rule';
import { UniformPriority } from '../core/rules/priority/priority';
import type { UrlField } from '../core/rows/types';
import { CATALOGUES, translatorFor } from './catalogues';
import { LANGUAGES } from './languages';
import { problemText } from './problem-text';

/** Values that reach every branch of the fields' words: [field, code, value, context]. */
const CASES: readonly [UrlField, RuleCode, string, DescribeContext?][] = [
  ['loc', 'loc-missing', ''],
  ['loc', 'loc-whitespace', ' https://a.example/x'],
  ['loc', 'loc-whitespace', 'https://a.example/x '],
  ['loc', 'loc-whitespace', ' https://a.example/x '],
  ['loc', 'loc-whitespace', 'https://a.example/a b'],
  ['loc', 'loc-whitespace', 'https://a.example/a\tb '],
  ['loc', 'loc-whitespace', 'https://a.example/a\nb'],
  ['loc', 'loc-whitespace', 'https://a.example/a\rb'],
  ['loc', 'loc-whitespace', 'https://a.example/a\u00a0b'],
  ['loc', 'loc-whitespace', 'https://a.example/a\u2003b'],
  ['loc', 'loc-not-absolute', '/ürünler/', { siteUrl: 'https://a.example' }],
  ['loc', 'loc-not-absolute', 'ürünler'],
  ['loc', 'loc-scheme', 'ftp://a.example/x'],
  ['loc', 'loc-too-long', 'https://a.example/' + 'a'.repeat(3000)],
  ['loc', 'loc-too-long', 'https://a.example/' + 'a'.repeat(1500)],
  ['loc', 'loc-unescaped', 'https://ürün.example/x'],
  ['loc', 'loc-unescaped', 'https://a.example/100%'],
  ['loc', 'loc-unescaped', 'https://a.example/ürünler'],
  // The words' last resort, for a value its detector did not flag.
  ['loc', 'loc-unescaped', 'https://a.example/x'],
  ['loc', 'loc-fragment', 'https://a.example/x#top'],
  ['loc', 'loc-not-allowed', 'https://b.example/x', { allowed: 'https://a.example/shop/' }],
  ['loc', 'loc-not-allowed', 'https://b.example/x', { majority: 'https://a.example' }],
  ['loc', 'loc-duplicate', 'https://a.example/x', { copies: 1234 }],
  ['loc', 'loc-duplicate', 'https://a.example/x', { copies: 2 }],
  ['loc', 'loc-duplicate', 'https://a.example/x'],
  ['lastmod', 'lastmod-format', '2023/01/05'],
  ['lastmod', 'lastmod-format', 'yesterday'],
  ['lastmod', 'lastmod-invalid', '0000-01-05'],
  ['lastmod', 'lastmod-invalid', '2023-13-05'],
  ['lastmod', 'lastmod-invalid', '2023-02-30'],
  ['lastmod', 'lastmod-invalid', '2023-02-05T25:00:00Z'],
  ['lastmod', 'lastmod-invalid', '2023-02-05T10:61:00Z'],
  ['lastmod', 'lastmod-invalid', '2023-02-05T10:00:61Z'],
  ['lastmod', 'lastmod-invalid', '2023-02-05T10:00:00+15:00'],
  ['lastmod', 'lastmod-invalid', '2023-02-05'],
  ['lastmod', 'lastmod-timezone', '2023-02-05T10:00:00'],
  ['lastmod', 'lastmod-future', '2999-02-05'],
  ['changefreq', 'changefreq-value', 'her ay'],
  ['changefreq', 'changefreq-value', 'sometimes'],
  ['priority', 'priority-format', '0,8'],
  ['priority', 'priority-format', 'high'],
  ['priority', 'priority-range', '2'],
];

function uniformProblem(): Problem {
  const uniform = new UniformPriority();
  for (let i = 0; i < 1500; i++) uniform.add('0.8');
  return uniform.problem()!;
}

function indexEntryProblems(): Problem[] {
  const entry = { file: 0, lastmod: '', line: 3, column: 5, child: -1 };
  const entries = [
    { ...entry, loc: 'https://a.example/s.xml' },
    { ...entry, loc: 'https://a.example/s.xml' },
    { ...entry, loc: '' },
  ];
  return checkIndexEntries(entries as never, () => 'index.xml', clockOf(new Date(Date.UTC(2026, 0, 1))), null);
}

/** Every keyed problem of the cases, as core makes it. */
function problems(): Problem[] {
  const out = CASES.map(([field, code, value, ctx]) => {
    const detail = FIELD_RULES[field].describe(code, value, ctx ?? {});
    expect(typeof detail, `${code} ${JSON.stringify(value)} is keyed`).toBe('object');
    return makeProblem(ruleFor(code), detail as Said);
  });
  return [...out, uniformProblem(), ...indexEntryProblems()];
}

/** The keys a message uses, its nested arguments' included. */
function keysOf(p: Problem): string[] {
  const keys: string[] = [];
  const todo = p.detail ? [p.detail] : [];
  for (let m = todo.pop(); m; m = todo.pop()) {
    keys.push(m.id);
    for (const v of Object.values(m.values ?? {})) if (typeof v === 'object') todo.push(v);
  }
  return keys;
}

describe("a problem's detail", () => {
  it('is in English the very sentence core writes (the English catalogue holds core’s words)', () => {
    const en = translatorFor('en');
    for (const p of problems()) {
      expect(p.detail, p.message).toBeDefined();
      const name = ruleFor(p.code).searchConsole;
      const text = en.text(p.detail!);
      expect(name ? en.t('problem.withSearchConsole', { detail: text, name }) : text).toBe(p.message);
    }
  });

  it('reaches every detail key of the catalogue', () => {
    const used = new Set(problems().flatMap(keysOf));
    const keys = Object.keys(CATALOGUES.en).filter((k) => k.startsWith('detail.'));
    expect(keys.filter((k) => !used.has(k))).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    'is translated in %s, with its values and Search Console’s name',
    (lang) => {
      const words = translatorFor(lang);
      for (const p of problems()) {
        const text = problemText(p, words);
        expect(text, p.message).not.toBe(p.message);
        expect(text).not.toMatch(/\bdetail\.|\{/);
        const name = ruleFor(p.code).searchConsole;
        if (name) expect(text).toContain(`"${name}"`);
        const quoted = /"[^"]*"/.exec(p.message)?.[0];
        if (quoted && !quoted.includes('%')) expect(text).toContain(quoted);
      }
    },
  );

  it('reads as a native reader writes it', () => {
    const [missing] = problems();
    expect(problemText(missing!, translatorFor('tr'))).toBe(
      'Bu girişin URL\'si yok: <loc> eksik ya da boş (Search Console\'da: "Missing XML tag")',
    );
    const day = makeProblem(
      ruleFor('lastmod-invalid'),
      FIELD_RULES.lastmod.describe('lastmod-invalid', '2023-02-30', {}),
    );
    expect(problemText(day, translatorFor('sr'))).toContain('u februaru 2023. nema 30. dana');
    expect(problemText(day, translatorFor('sr-Cyrl'))).toContain('у фебруару 2023. нема 30. дана');
    expect(problemText(day, translatorFor('tr'))).toContain('2023 Şubat ayında 30. gün yoktur');
    const dup = makeProblem(
      ruleFor('loc-duplicate'),
      FIELD_RULES.loc.describe('loc-duplicate', 'https://a.example/', { copies: 1234 }),
    );
    expect(problemText(dup, translatorFor('tr'))).toContain('1.234 kez');
    expect(problemText(dup, translatorFor('sr'))).toContain('1.234 puta');
  });

  it('is shown as core wrote it where it is not keyed, and as core wrote it in English', () => {
    const plain = makeProblem(ruleFor('loc-missing'), 'Some words');
    expect(plain.detail).toBeUndefined();
    expect(problemText(plain, translatorFor('tr'))).toBe(plain.message);
    const keyed = problems()[0]!;
    expect(problemText(keyed, translatorFor('en'))).toBe(keyed.message);
  });
});

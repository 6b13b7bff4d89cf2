import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSet } from '../core/check/check-set';
import { importFiles } from '../core/read/import-files';
import type { ProblemGroup } from './protocol';
import { fairQuotas, summarizeSet } from './summarize';

const NOW = new Date('2025-01-01T00:00:00Z');

function summarizeFiles(...names: string[]) {
  const inputs = names.map((name) => ({
    name,
    bytes: new Uint8Array(readFileSync(new URL(`../../e2e/fixtures/${name}`, import.meta.url))),
  }));
  const set = importFiles(inputs);
  return summarizeSet(set, checkSet(set, { now: NOW }), { now: NOW });
}

describe('summarizeSet', () => {
  it('sums up a small sitemap: totals, groups worst first, located examples', () => {
    const s = summarizeFiles('small-sitemap.xml');
    expect(s.urlCount).toBe(5);
    expect(s.counts).toEqual({ error: 2, warning: 1, info: 0 });
    expect(s.problemTotal).toBe(3);
    expect(s.groups.map((g) => [g.code, g.severity, g.count])).toEqual([
      ['lastmod-format', 'error', 1],
      ['changefreq-value', 'error', 1],
      ['loc-fragment', 'warning', 1],
    ]);
    const lastmod = s.problems.find((p) => p.code === 'lastmod-format');
    expect(lastmod).toMatchObject({ place: 'small-sitemap.xml:12:3', loc: 'https://www.example.com/about' });
  });

  it('reports nothing for clean files on one site', () => {
    const s = summarizeFiles('clean-sitemap.xml', 'urls.txt');
    expect(s.urlCount).toBe(7);
    expect(s.files.map((f) => f.name)).toEqual(['clean-sitemap.xml', 'urls.txt']);
    expect(s.groups).toEqual([]);
    expect(s.problems).toEqual([]);
  });
});

describe('fairQuotas', () => {
  const group = (code: ProblemGroup['code'], count: number): ProblemGroup => ({
    code,
    count,
    severity: 'error',
    title: '',
  });

  it('gives small groups all they have and shares the rest among the big ones', () => {
    const quotas = fairQuotas(
      [group('loc-duplicate', 1_000_000), group('xml-malformed', 1), group('lastmod-format', 5_000)],
      1000,
    );
    expect(Object.fromEntries(quotas)).toEqual({ 'xml-malformed': 1, 'lastmod-format': 499, 'loc-duplicate': 500 });
  });

  it('never exceeds the total', () => {
    const groups = Array.from({ length: 7 }, (_, i) =>
      group(
        `loc-${['missing', 'scheme', 'fragment', 'duplicate', 'whitespace', 'unescaped', 'too-long'][i]}` as ProblemGroup['code'],
        10_000,
      ),
    );
    const total = [...fairQuotas(groups, 1000).values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(1000);
    expect(total).toBeGreaterThan(990);
  });
});

describe('summarizeSet: each section of the panel adds up to the header', () => {
  it('lists loc-too-long under errors and warnings as counted, and the DOCTYPE as a warning', () => {
    const s = summarizeFiles('mixed-severity.xml');
    expect(s.counts).toEqual({ error: 1, warning: 3, info: 0 });
    expect(s.groups.map((g) => [g.code, g.severity, g.count])).toEqual([
      ['loc-too-long', 'error', 1],
      ['xml-doctype', 'warning', 1],
      ['loc-too-long', 'warning', 1],
      ['value-whitespace', 'warning', 1],
    ]);
    for (const severity of ['error', 'warning', 'info'] as const) {
      expect(s.groups.filter((g) => g.severity === severity).reduce((n, g) => n + g.count, 0)).toBe(s.counts[severity]);
    }
  });
});

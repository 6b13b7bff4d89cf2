import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { SaxesParser } from 'saxes';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProblem } from '../../core/rules/problem';
import { ruleFor } from '../../core/rules/registry';
import { FIX, run } from '../test-helpers';
import { formatJunit } from './junit';

const schema = XmlDocument.fromBuffer(readFileSync(join(FIX, 'junit/junit.xsd')));
const validator = XsdValidator.fromDoc(schema);
afterAll(() => {
  validator.dispose();
  schema.dispose();
});

/** Throws with libxml2's words unless the report has the shape Jenkins and GitLab read. */
function assertJunitShape(xml: string): void {
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
  } finally {
    doc.dispose();
  }
}

interface Case {
  name: string;
  failures: number;
  out: string;
}
interface Suite {
  attrs: Record<string, string>;
  cases: Case[];
}

function readReport(xml: string): { root: Record<string, string>; suites: Suite[] } {
  const parser = new SaxesParser();
  let root: Record<string, string> = {};
  const suites: Suite[] = [];
  let inOut = false;
  parser.on('opentag', (t) => {
    const a = Object.fromEntries(Object.entries(t.attributes).map(([k, v]) => [k, String(v)]));
    if (t.name === 'testsuites') root = a;
    if (t.name === 'testsuite') suites.push({ attrs: a, cases: [] });
    if (t.name === 'testcase') suites.at(-1)?.cases.push({ name: a.name ?? '', failures: 0, out: '' });
    const c = suites.at(-1)?.cases.at(-1);
    if (t.name === 'failure' && c) c.failures++;
    if (t.name === 'system-out') inOut = true;
  });
  parser.on('closetag', (t) => {
    if (t.name === 'system-out') inOut = false;
  });
  parser.on('text', (text) => {
    const c = suites.at(-1)?.cases.at(-1);
    if (inOut && c) c.out += text;
  });
  parser.write(xml).close();
  return { root, suites };
}

/** Counts as Jenkins and GitLab take them: test cases, and failed test cases, each failed once. */
function expectCountsMatch(report: ReturnType<typeof readReport>): void {
  let tests = 0;
  let failures = 0;
  for (const s of report.suites) {
    for (const c of s.cases) expect(c.failures).toBeLessThanOrEqual(1);
    expect(Number(s.attrs.tests)).toBe(s.cases.length);
    expect(Number(s.attrs.failures)).toBe(s.cases.filter((c) => c.failures === 1).length);
    tests += s.cases.length;
    failures += s.cases.filter((c) => c.failures === 1).length;
  }
  expect(Number(report.root.tests)).toBe(tests);
  expect(Number(report.root.failures)).toBe(failures);
}

const file = (name: string) => ({ name, kind: 'urlset' as const, urls: 3, errors: 0, warnings: 0, infos: 0 });

describe('check --format junit', () => {
  it('gives each rule a file breaks a test case of its own, with one failure, and counts test cases', () => {
    const at = (f: string, line: number) => ({ file: f, line, column: 1 });
    const problems = [
      makeProblem(ruleFor('changefreq-value'), 'changefreq "Daily"', at('a.xml', 3)),
      makeProblem(ruleFor('changefreq-value'), 'changefreq "Weekly"', at('a.xml', 4)),
      makeProblem(ruleFor('priority-range'), 'priority 2', at('a.xml', 5)),
      makeProblem(ruleFor('lastmod-timezone'), 'no zone', at('a.xml', 6)),
      makeProblem(ruleFor('loc-duplicate'), 'twice', at('b.xml', 2)),
      makeProblem(ruleFor('priority-uniform'), 'all the same', {}),
    ];
    const xml = formatJunit([file('a.xml'), file('b.xml'), file('c.xml')], problems, 'error', 1.5);
    assertJunitShape(xml);
    const report = readReport(xml);
    expectCountsMatch(report);
    expect(report.suites[0]?.cases.map((c) => [c.name, c.failures])).toEqual([
      ['a.xml: changefreq-value', 1],
      ['a.xml: priority-range', 1],
      ['a.xml: lastmod-timezone', 0],
      ['b.xml: loc-duplicate', 0],
      ['c.xml', 0],
      ['(set): priority-uniform', 0],
    ]);
    expect(report.root).toMatchObject({ tests: '6', failures: '2' });
    expect(report.suites[0]?.cases[2]?.out).toContain('1 × lastmod-timezone (warning)');
    expect(formatJunit([file('a.xml')], problems, 'warning', 0)).toContain('failures="4"');
  });

  it('writes what check finds in a real file in that shape, and fails the run as --fail-on says', () => {
    const r = run('check', join(FIX, 'all-fixes.xml'), '--format', 'junit');
    expect(r.code).toBe(1);
    const xml = r.out.join('\n');
    assertJunitShape(xml);
    const report = readReport(xml);
    expectCountsMatch(report);
    expect(Number(report.root.failures)).toBeGreaterThan(1);
  });

  it('keeps that shape and its counts with --lang, adding each rule’s head in the language', () => {
    const en = readReport(run('check', join(FIX, 'all-fixes.xml'), '--format', 'junit').out.join('\n'));
    for (const lang of ['tr', 'sr', 'sr-Cyrl']) {
      const xml = run('check', join(FIX, 'all-fixes.xml'), '--format', 'junit', '--lang', lang).out.join('\n');
      assertJunitShape(xml);
      const report = readReport(xml);
      expectCountsMatch(report);
      expect(report.root.tests).toBe(en.root.tests);
      expect(report.suites[0]?.cases.map((c) => [c.name, c.failures])).toEqual(
        en.suites[0]?.cases.map((c) => [c.name, c.failures]),
      );
    }
  });
});

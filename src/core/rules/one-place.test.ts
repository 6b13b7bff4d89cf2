/*
 * A rule is one unit: its code is written, as a string in code, in one
 * production file of the whole app, its module's entries
 * (rules/<subject>/<subject>-rules.ts); everything else names the rule by
 * its entry. Comments may name a code; property names that happen to be
 * one (SourceFile['compression']) are not codes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RULES } from './registry';

const SRC = resolve(__dirname, '../..');

function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...productionFiles(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/test-helpers\.ts$/.test(e.name)) out.push(p);
  }
  return out.filter((f) => !relative(SRC, f).split('/').includes('testing'));
}

/** A string in code that is only a property's name: `T['name']` in a type. */
function isPropertyName(node: ts.Node): boolean {
  return ts.isLiteralTypeNode(node.parent) && ts.isIndexedAccessTypeNode(node.parent.parent);
}

/** The files whose code holds each rule code as a string. */
function codesInFiles(): Map<string, string[]> {
  const codes = new Set<string>(RULES.map((r) => r.code));
  const found = new Map<string, string[]>();
  for (const file of productionFiles(SRC)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const here = new Set<string>();
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && codes.has(node.text)) {
        if (!isPropertyName(node)) here.add(node.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    for (const code of here) found.set(code, [...(found.get(code) ?? []), relative(SRC, file)]);
  }
  return found;
}

describe('a rule is one unit', () => {
  const found = codesInFiles();

  it('writes each code in one production file, its module’s entries', () => {
    const misplaced = RULES.map((r) => ({ code: r.code, files: found.get(r.code) ?? [] })).filter(
      (r) => r.files.length !== 1 || !/^core\/rules\/[a-z-]+\/[a-z-]+-rules\.ts$/.test(r.files[0] as string),
    );
    expect(misplaced).toEqual([]);
  });

  it('finds every code somewhere (the check reads what it claims to)', () => {
    expect(RULES.every((r) => found.has(r.code))).toBe(true);
    expect(RULES.length).toBeGreaterThan(60);
  });
});

/*
 * The class, not only the case (TEAM.md's standards, issue 34): no recursion
 * whose depth the input sets, and no spread of an array whose length the
 * input sets into a call's arguments (`push(...rows)`, `Math.max(...values)`:
 * past about 120,000 arguments V8 throws "Maximum call stack size exceeded").
 * This test reads every source file with the TypeScript compiler's parser and
 * lists both shapes; each one kept says why on the line above it:
 *
 *   // spread-ok: <why its length is bounded>
 *   // recursion-ok: <why its depth is bounded>
 *
 * Recursion is found within a file: a function (a declaration, a method
 * called through `this`, a function held by a `const`) that reaches itself
 * through calls by name. Calls through other files or through values are not
 * followed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['src'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      out.push(...sourceFiles(path)); // spread-ok: the entries of one folder
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

/**
 * Whether `// <tag>: <reason>` stands at the end of the line of `node` or of
 * one of its ancestors up to its statement, or on the comment lines just
 * above one of those lines.
 */
function allowed(sf: ts.SourceFile, node: ts.Node, tag: string): boolean {
  const text = sf.text;
  const starts = sf.getLineStarts();
  const re = new RegExp(`//\\s*${tag}:\\s*\\S`);
  const lineText = (l: number) =>
    l >= 0 && l < starts.length ? text.slice(starts[l], starts[l + 1] ?? text.length) : '';
  for (let n: ts.Node | undefined = node; n && !ts.isSourceFile(n); n = n.parent) {
    const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
    if (re.test(lineText(line))) return true;
    for (let l = line - 1; l >= 0 && /^\s*\/\//.test(lineText(l)); l--) if (re.test(lineText(l))) return true;
    if (ts.isStatement(n) || ts.isClassElement(n)) break;
  }
  return false;
}

function where(sf: ts.SourceFile, node: ts.Node): string {
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return `${relative(ROOT, sf.fileName)}:${line + 1}`;
}

/** Spreads into a call's or a `new`'s arguments. */
function spreadFindings(sf: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
      for (const arg of node.arguments) {
        if (ts.isSpreadElement(arg) && !allowed(sf, arg, 'spread-ok'))
          found.push(`${where(sf, arg)} ${node.getText(sf).slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

interface Fn {
  key: string;
  node: ts.Node;
  calls: Set<string>;
}

/** The functions of a file, by key (`name`, or `Class.method`), with the names each calls. */
function functionsOf(sf: ts.SourceFile): Map<string, Fn> {
  const fns = new Map<string, Fn>();
  const stack: Fn[] = [];
  const classes: string[] = [];
  const enter = (key: string, node: ts.Node, body: ts.Node | undefined) => {
    if (!body) return;
    const fn: Fn = fns.get(key) ?? { key, node, calls: new Set() };
    fns.set(key, fn);
    stack.push(fn);
    ts.forEachChild(body, visit);
    stack.pop();
  };
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      classes.push(node.name?.text ?? '(class)');
      ts.forEachChild(node, visit);
      classes.pop();
      return;
    }
    if (ts.isFunctionDeclaration(node) && node.name) return enter(node.name.text, node, node.body);
    if (
      (ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) &&
      ts.isIdentifier(node.name) &&
      classes.length > 0
    )
      return enter(`${classes[classes.length - 1]}.${node.name.text}`, node, node.body);
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      return enter(node.name.text, node, node.initializer.body);
    if (
      ts.isPropertyDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      classes.length > 0 &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      return enter(`${classes[classes.length - 1]}.${node.name.text}`, node, node.initializer.body);
    if (ts.isCallExpression(node) && isDeferring(node)) {
      // What is handed to a timer, a promise or an event runs later, on a stack of its own.
      visit(node.expression);
      return;
    }
    const current = stack[stack.length - 1];
    // A name used as a value (`kids.map(walk)`) may be called too: counted as a call.
    if (current && ts.isIdentifier(node) && !isDeclaredOrMember(node)) current.calls.add(node.text);
    else if (
      current &&
      ts.isPropertyAccessExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ThisKeyword &&
      classes.length > 0
    )
      current.calls.add(`${classes[classes.length - 1]}.${node.name.text}`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return fns;
}

/** Calls whose function arguments run later, each on a fresh stack: not recursion. */
const DEFERRING = new Set([
  'setTimeout',
  'setInterval',
  'requestAnimationFrame',
  'queueMicrotask',
  'addEventListener',
  'removeEventListener',
  'then',
  'catch',
  'finally',
]);

function isDeferring(call: ts.CallExpression): boolean {
  const callee = call.expression;
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
  return DEFERRING.has(name);
}

/** Whether an identifier names something other than a value read here: a declaration, a member or a key. */
function isDeclaredOrMember(node: ts.Identifier): boolean {
  const p = node.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === node) return true;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p)) && p.name === node)
    return true;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p)) && p.name === node) return true;
  // A JSX tag's name (`<button>`) is an element, not a call of a function of that name.
  if ((ts.isJsxOpeningElement(p) || ts.isJsxClosingElement(p) || ts.isJsxSelfClosingElement(p)) && p.tagName === node)
    return true;
  return ts.isTypeReferenceNode(p) || ts.isImportSpecifier(p) || ts.isExportSpecifier(p);
}

/** Functions of the file on a cycle of calls (Tarjan's strongly connected components, without recursion). */
function recursionFindings(sf: ts.SourceFile): string[] {
  const fns = functionsOf(sf);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[] = [];
  let next = 0;
  for (const start of fns.keys()) {
    if (index.has(start)) continue;
    const work: { key: string; edges: string[]; at: number }[] = [];
    const open = (key: string) => {
      index.set(key, next);
      low.set(key, next++);
      stack.push(key);
      onStack.add(key);
      work.push({ key, edges: [...(fns.get(key)?.calls ?? [])].filter((c) => fns.has(c)), at: 0 });
    };
    open(start);
    while (work.length > 0) {
      const top = work[work.length - 1] as (typeof work)[number];
      if (top.at < top.edges.length) {
        const to = top.edges[top.at++] as string;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.key, Math.min(low.get(top.key) as number, index.get(to) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.key, Math.min(low.get(parent.key) as number, low.get(top.key) as number));
      if (low.get(top.key) !== index.get(top.key)) continue;
      const component: string[] = [];
      for (;;) {
        const k = stack.pop() as string;
        onStack.delete(k);
        component.push(k);
        if (k === top.key) break;
      }
      const selfCall = fns.get(top.key)?.calls.has(top.key) ?? false;
      if (component.length === 1 && !selfCall) continue;
      for (const key of component) {
        const fn = fns.get(key) as Fn;
        if (!allowed(sf, fn.node, 'recursion-ok')) found.push(`${where(sf, fn.node)} ${key}`);
      }
    }
  }
  return found;
}

const files = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d))).map((path) =>
  ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
);

const parse = (source: string, name = 'x.ts') =>
  ts.createSourceFile(join(ROOT, name), source, ts.ScriptTarget.Latest, true);

describe('the scan finds what it looks for', () => {
  it('finds a spread into arguments, unless its line says why it is bounded', () => {
    expect(spreadFindings(parse('a.push(...b);\nMath.max(...c);\nconst d = [...e];'))).toHaveLength(2);
    expect(spreadFindings(parse('// spread-ok: three at most\na.push(...b);'))).toEqual([]);
  });

  it('finds direct, mutual and by-value recursion, not a call made later', () => {
    const found = recursionFindings(
      parse(
        [
          'function f(n) { return f(n - 1); }',
          'function g() { h(); }',
          'function h() { g(); }',
          'const walk = (e) => e.kids.map(walk);',
          'class C { m() { this.m(); } }',
          'function later() { setTimeout(() => later(), 1); }',
          '// recursion-ok: bounded by the schema',
          'function ok(n) { ok(n); }',
        ].join('\n'),
      ),
    ).map((f) => f.replace(/^\S+ /, ''));
    expect(found.sort()).toEqual(['C.m', 'f', 'g', 'h', 'walk']);
  });

  // React renders an element's children from its own work loop, not on the caller's stack.
  it('takes a JSX tag for an element, not for a call of the function of its name', () => {
    expect(recursionFindings(parse('const button = (t) => <button>{t}</button>;', 'x.tsx'))).toEqual([]);
    expect(recursionFindings(parse('const button = (t) => <b>{button(t)}</b>;', 'x.tsx'))).toHaveLength(1);
  });
});

describe('no input-sized spread or recursion (the class of issue 34)', () => {
  it('reads every source file', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it('spreads no array into a call unless its line says why its length is bounded', () => {
    expect(files.flatMap(spreadFindings)).toEqual([]);
  });

  it('has no recursion unless its function says why its depth is bounded', () => {
    expect(files.flatMap(recursionFindings)).toEqual([]);
  });
});

/*
 * The core's order, proved on its import graph (TypeScript's own reading of
 * each file's imports, type-only ones included): no circle of files, every
 * import going to its own folder or one below it in CORE_LAYERS (the list
 * ESLint enforces per folder), and no source file over 400 lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CORE_LAYERS } from '../../eslint.config.js';

const CORE = resolve(__dirname);

function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...productionFiles(p));
    else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) && !/test-helpers\.ts$/.test(e.name)) out.push(p);
  }
  return out;
}

const FILES = productionFiles(CORE);
const KNOWN = new Set(FILES);

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) if (KNOWN.has(candidate)) return candidate;
  return null;
}

/** Each production file of the core and the core files it imports. */
const GRAPH = new Map<string, string[]>(
  FILES.map((f) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(f, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolveImport(f, i.fileName)).filter((t): t is string => t !== null);
    return [f, [...new Set(targets)]];
  }),
);

const name = (f: string): string => relative(CORE, f);
const folderOf = (f: string): string => name(f).split('/')[0] as string;

/** The strongly connected components of more than one file (Tarjan's, iterative: the graph sets no depth). */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  for (const root of FILES) {
    if (index.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1] as [string, number];
      const [v, k] = top;
      const targets = GRAPH.get(v) ?? [];
      if (k < targets.length) {
        top[1]++;
        const w = targets[k] as string;
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(v) as number));
      if (low.get(v) !== index.get(v)) continue;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(name(w));
      } while (w !== v);
      if (component.length > 1 || targets.includes(v)) found.push(component.sort());
    }
  }
  return found;
}

describe('the core has an order', () => {
  it('reads the graph of every production file', () => {
    expect(FILES.length).toBeGreaterThan(150);
    expect([...GRAPH.values()].reduce((n, t) => n + t.length, 0)).toBeGreaterThan(500);
  });

  it('has no circle of files', () => {
    expect(circles()).toEqual([]);
  });

  it('keeps every file in a folder of the stack, and every import in its folder or below', () => {
    const misplaced = FILES.filter((f) => !CORE_LAYERS.includes(folderOf(f))).map(name);
    expect(misplaced).toEqual([]);
    const upward: string[] = [];
    for (const [from, targets] of GRAPH) {
      const level = CORE_LAYERS.indexOf(folderOf(from));
      for (const to of targets)
        if (CORE_LAYERS.indexOf(folderOf(to)) > level) upward.push(`${name(from)} → ${name(to)}`);
    }
    expect(upward).toEqual([]);
  });

  it('has no source file over 400 lines', () => {
    const long = FILES.map((f) => ({ file: name(f), lines: readFileSync(f, 'utf8').split('\n').length - 1 })).filter(
      (f) => f.lines > 400,
    );
    expect(long).toEqual([]);
  });
});

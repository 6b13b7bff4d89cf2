import { XmlDocument } from 'libxml2-wasm';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { importText, urlset } from '../../../fixtures/helpers';
import { MAX_EXT_DEPTH } from '../rules/elements/elements-rules';
import type { ExtElement } from '../rows/types';
import { exportSitemaps } from './export';
import { options, rowsOf, text } from './test-helpers';
import { PRETTY_DEPTH } from './write-ext';

/** `depth` elements `<x:a>` one inside the other, `leaf` the innermost's text (built without recursion). */
export function chain(depth: number, leaf = 't'): ExtElement {
  let inner: ExtElement = { ns: 'urn:x', prefix: 'x', name: 'a', attrs: [], children: [leaf] };
  for (let k = 1; k < depth; k++) inner = { ns: 'urn:x', prefix: 'x', name: 'a', attrs: [], children: [inner] };
  return inner;
}

/** The same as XML text: `<x:a>` × depth, the leaf, `</x:a>` × depth. */
function chainXml(depth: number, leaf = 't'): string {
  return '<x:a>'.repeat(depth) + leaf + '</x:a>'.repeat(depth);
}

function depthOf(el: ExtElement): number {
  let d = 1;
  for (let e = el; ; d++) {
    const c = e.children.find((k): k is ExtElement => typeof k !== 'string');
    if (!c) return d;
    e = c;
  }
}

function wellFormed(xml: string): void {
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(xml).close();
}

const deepFile = (depth: number) =>
  urlset(
    `<url><loc>https://example.com/a</loc>${chainXml(depth)}</url><url><loc>https://example.com/b</loc></url>`,
    ' xmlns:x="urn:x"',
  );

describe('deep extension trees are written without recursion, in a size linear in the input', () => {
  it('writes a tree 5,000 levels deep (deeper than any file read gives, as a saved session may hold)', () => {
    const r = exportSitemaps(rowsOf([{ loc: 'https://example.com/a', ext: [chain(5000)] }]), options());
    const xml = text((r.files[0] as { data: Uint8Array }).data);
    wellFormed(xml);
    expect(xml.split('<x:a>').length - 1).toBe(5000);
    // The compact form is 11 bytes a level; indentation stops at PRETTY_DEPTH levels.
    expect(xml.length).toBeLessThan(11 * 5000 + 2000);
  });

  it('lays out the first PRETTY_DEPTH levels one element a line, and deeper ones on one line', () => {
    const r = exportSitemaps(rowsOf([{ loc: 'https://example.com/a', ext: [chain(20)] }]), options());
    const xml = text((r.files[0] as { data: Uint8Array }).data);
    const lines = xml.split('\n').filter((l) => l.includes('<x:a>'));
    expect(lines).toHaveLength(PRETTY_DEPTH + 1);
    expect(lines[PRETTY_DEPTH]).toBe(' '.repeat(4 + 2 * PRETTY_DEPTH) + chainXml(20 - PRETTY_DEPTH));
  });

  it('exports the issue 34 file (1,000 levels, 11 KB) in under three times its size, not 2 MB', () => {
    const input = deepFile(1000);
    const set = importText(input);
    const r = exportSitemaps(set.rows, options());
    const xml = text((r.files[0] as { data: Uint8Array }).data);
    wellFormed(xml);
    expect(xml.length).toBeLessThan(3 * input.length);
  });
});

describe("the reader's depth cap (MAX_EXT_DEPTH) keeps the URL and says what it left out", () => {
  it('reads 3,000 levels as MAX_EXT_DEPTH, with one located ext-too-deep, and both URLs', () => {
    const set = importText(deepFile(3000));
    expect(set.rows.length).toBe(2);
    expect(set.rows.loc.get(0)).toBe('https://example.com/a');
    expect(depthOf(set.rows.ext[0]?.[0] as ExtElement)).toBe(MAX_EXT_DEPTH);
    const deep = set.problems.filter((p) => p.code === 'ext-too-deep');
    expect(deep).toHaveLength(1);
    expect(deep[0]).toMatchObject({ severity: 'error', line: 3 });
    // Column of the first element past the cap: after the root's line prefix, <url>, the loc and the levels kept.
    const before = deepFile(3000).split('\n')[2] as string;
    expect(deep[0]?.column).toBe(before.indexOf('<x:a>') + 1 + 5 * MAX_EXT_DEPTH);
  });

  it('reads a tree at the cap whole, and what is written from it libxml2 reads (it refuses one level more)', () => {
    const set = importText(deepFile(MAX_EXT_DEPTH));
    expect(set.problems.filter((p) => p.code === 'ext-too-deep')).toEqual([]);
    expect(depthOf(set.rows.ext[0]?.[0] as ExtElement)).toBe(MAX_EXT_DEPTH);
    const xml = text((exportSitemaps(set.rows, options()).files[0] as { data: Uint8Array }).data);
    XmlDocument.fromString(xml).dispose();
    const back = importText(xml);
    expect(back.rows.ext[0]).toEqual(set.rows.ext[0]);
    expect(() => XmlDocument.fromString(deepFile(MAX_EXT_DEPTH + 1))).toThrow(/depth/i);
  });
});

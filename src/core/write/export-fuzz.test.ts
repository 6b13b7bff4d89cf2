import fc from 'fast-check';
import { XmlDocument } from 'libxml2-wasm';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { bytesOf, forEachReader, readFiles } from '../../../fixtures/helpers';
import { MAX_EXT_DEPTH } from '../rules/elements/elements-rules';
import { exportSitemaps } from './export';
import { options, text } from './test-helpers';

/*
 * The output side of issue 34's "class, not only the case": every export of
 * any sitemap the reader accepts is well-formed (a strict parser and libxml2
 * read it), reads back to the same rows (exported again, the same bytes),
 * and is at most a fixed multiple of the input's size, for extension trees
 * nested up to the reader's own cap (MAX_EXT_DEPTH) and for values full of
 * what escaping lengthens.
 */

/** Output bytes per input byte at most: `'` in text is written `&apos;` (6 bytes for 1), the worst case. */
const GROWTH = 6;
/** Bytes every export adds whatever the input: the declaration, the root's namespaces. */
const FIXED = 2048;

const NSS = ['urn:x', 'urn:y', 'http://www.google.com/schemas/sitemap-image/1.1', 'http://www.w3.org/1999/xhtml'];
const PREFIXES = ['x', 'y', 'i', 'h'];
const NAMES = ['a', 'b', 'loc', 'title', 'link', 'é'];

/** Text as a file holds it: references, CDATA, literal tabs and line ends, what escaping lengthens. */
const rawText = fc
  .array(
    fc.constantFrom(
      't',
      ' ',
      '\t',
      '\r\n',
      '\r',
      '\n',
      '&amp;',
      '&lt;',
      '&#9;',
      '&#13;',
      '&#x10000;',
      "'",
      '"',
      '>',
      'ü',
      '<![CDATA[<&>]]>',
      '<!-- c -->',
    ),
    { maxLength: 6 },
  )
  .map((parts) => parts.join(''));

/** An attribute value as a file holds it (quoted with "). */
const rawAttr = fc
  .array(fc.constantFrom('v', ' ', '\t', '\r\n', '\n', '&amp;', '&#9;', '&#10;', '&#13;', "'", '&quot;', '>'), {
    maxLength: 5,
  })
  .map((parts) => parts.join(''));

interface Node {
  prefix: number;
  name: string;
  attrs: [string, string][];
  kids: (Node | string)[];
}

const node: fc.Arbitrary<Node> = fc.letrec<{ el: Node; kid: Node | string }>((tie) => ({
  el: fc.record({
    prefix: fc.integer({ min: 0, max: NSS.length - 1 }),
    name: fc.constantFrom(...NAMES),
    attrs: fc.uniqueArray(fc.tuple(fc.constantFrom('p', 'q', 'r'), rawAttr), { maxLength: 2, selector: (a) => a[0] }),
    kids: fc.array(tie('kid'), { maxLength: 3 }),
  }),
  kid: fc.oneof({ depthSize: 'small', withCrossShrink: true }, rawText, tie('el')),
})).el;

/** A tree, wrapped `depth` levels deep, written without recursion (as XML text). */
function serialize(root: Node, depth: number, indent: boolean): string {
  let out = '';
  const open = (n: Node) => {
    const q = `${PREFIXES[n.prefix]}:${n.name}`;
    out += `<${q}${n.attrs.map(([k, v]) => ` ${k}="${v}"`).join('')}>`;
    return q;
  };
  for (let k = 0; k < depth; k++) out += (indent ? '\n' : '') + `<x:w>`;
  const stack: (Node | string | { close: string })[] = [root];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (typeof top === 'string') out += top;
    else if ('close' in top) out += `</${top.close}>`;
    else {
      const q = open(top);
      stack.push({ close: q });
      for (let k = top.kids.length - 1; k >= 0; k--) stack.push(top.kids[k] as Node | string);
    }
  }
  for (let k = 0; k < depth; k++) out += `</x:w>` + (indent ? '\n' : '');
  return out;
}

const entry = fc.record({
  path: fc.stringMatching(/^[a-z0-9/._~-]{0,12}$/),
  lastmod: fc.constantFrom('', '2024', '2024-05', '2024-05-06', '2024-05-06T07:08Z', '2024-05-06T07:08:09+02:00'),
  priority: fc.constantFrom('', '0.5', '1.0'),
  trees: fc.array(fc.tuple(node, fc.integer({ min: 0, max: MAX_EXT_DEPTH - 4 }), fc.boolean()), { maxLength: 3 }),
});

type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never;

function sitemap(entries: readonly Entry[]): string {
  const ns = NSS.map((u, k) => ` xmlns:${PREFIXES[k]}="${u}"`).join('');
  const body = entries
    .map(
      (e, k) =>
        `<url><loc>https://example.com/${k}/${e.path}</loc>` +
        (e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : '') +
        (e.priority ? `<priority>${e.priority}</priority>` : '') +
        // Deep wrappers only on every few trees: the spine may reach the cap (4 levels are the tree's own).
        e.trees.map(([tree, depth, indent]) => serialize(tree, depth, indent)).join('') +
        '</url>',
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n${body}\n</urlset>\n`;
}

/** Extension trees without their prefix hints. */
function meaning(ext: unknown): string {
  return JSON.stringify(ext, (key, value: unknown) => (key === 'prefix' ? undefined : value));
}

function assertWellFormed(xml: string, name: string): void {
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (e) => {
    throw new Error(`${name} is not well-formed: ${e.message}`);
  });
  parser.write(xml).close();
  // libxml2 also refuses a document deeper than 256 elements: what the reader keeps stays below.
  XmlDocument.fromString(xml).dispose();
}

forEachReader(() => {
  describe('fuzz: every export of a sitemap the reader accepts', () => {
    it('is well-formed, reads back to the same rows, and grows at most a fixed multiple, at any depth to the cap', () => {
      let runs = 0;
      let deepest = 0;
      fc.assert(
        fc.property(fc.array(entry, { minLength: 1, maxLength: 4 }), (entries) => {
          const input = sitemap(entries);
          const set = readFiles([{ name: 'in.xml', bytes: bytesOf(input) }]);
          // Well-formed input nested within the cap: read whole, nothing refused.
          expect(set.problems.filter((p) => p.code === 'xml-malformed' || p.code === 'ext-too-deep')).toEqual([]);
          expect(set.rows.length).toBe(entries.length);
          for (const e of entries) for (const [, d] of e.trees) deepest = Math.max(deepest, d);

          const opts = options();
          const first = exportSitemaps(set.rows, opts);
          let written = 0;
          for (const f of first.files) {
            assertWellFormed(text(f.data), f.name);
            written += f.data.length;
          }
          expect(written).toBeLessThanOrEqual(GROWTH * bytesOf(input).length + FIXED);

          const back = readFiles(first.files.map((f) => ({ name: f.name, bytes: f.data })));
          expect(back.rows.length).toBe(set.rows.length);
          // Prefixes are a writing hint (a known namespace gets its usual one): meaning is compared.
          expect(meaning(back.rows.ext)).toBe(meaning(set.rows.ext));
          const again = exportSitemaps(back.rows, opts);
          expect(again.files.map((f) => text(f.data))).toEqual(first.files.map((f) => text(f.data)));
          runs++;
        }),
        { numRuns: 200, seed: 20261203 },
      );
      expect(runs).toBe(200);
      expect(deepest).toBeGreaterThan(MAX_EXT_DEPTH / 2);
    }, 300_000);

    it('stays within the multiple on what escaping lengthens most: quotes in text, one level of elements each', () => {
      const quotes = `<url><loc>https://example.com/</loc><x:a>${"'".repeat(10_000)}</x:a>${'<x:b/>'.repeat(2000)}</url>`;
      const input = sitemap([]).replace('\n\n', `\n${quotes}\n`);
      const set = readFiles([{ name: 'in.xml', bytes: bytesOf(input) }]);
      const out = exportSitemaps(set.rows, options()).files.reduce((n, f) => n + f.data.length, 0);
      expect(out).toBeLessThanOrEqual(GROWTH * bytesOf(input).length + FIXED);
    });
  });
});

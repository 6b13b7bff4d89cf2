import { SaxesParser } from 'saxes';
import { expect, it } from 'vitest';
import { forEachReader, importText, urlset } from '../../../fixtures/helpers';
import type { ExtElement } from '../rows/types';
import { exportSitemaps } from './export';
import { options, text } from './test-helpers';

/** Each element in `urn:x` of a document as a strict parser reads it: its attributes and its text. */
function strictRead(xml: string): { attrs: Record<string, string>; text: string }[] {
  const parser = new SaxesParser({ xmlns: true });
  const out: { attrs: Record<string, string>; text: string }[] = [];
  const open: { attrs: Record<string, string>; text: string }[] = [];
  parser.on('opentag', (tag) => {
    if (tag.uri !== 'urn:x') return;
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes))
      if (a.prefix !== 'xmlns' && a.name !== 'xmlns') attrs[a.local] = a.value;
    const e = { attrs, text: '' };
    out.push(e);
    open.push(e);
  });
  parser.on('text', (t) => {
    const e = open[open.length - 1];
    if (e) e.text += t;
  });
  parser.on('cdata', (t) => {
    const e = open[open.length - 1];
    if (e) e.text += t;
  });
  parser.on('closetag', (tag) => {
    if (tag.uri === 'urn:x') open.pop();
  });
  parser.write(xml).close();
  return out;
}

/** Our reader's view of the same elements. */
function ourRead(el: ExtElement): { attrs: Record<string, string>; text: string } {
  const attrs: Record<string, string> = {};
  for (const a of el.attrs) attrs[a.name] = a.value;
  return { attrs, text: el.children.filter((c): c is string => typeof c === 'string').join('') };
}

/*
 * Issue 34: a literal tab or CR in extension text or attributes was written
 * back changed. XML reads a literal tab, LF or CR in an attribute as a
 * space, and a CR LF or lone CR in text as LF; only a character reference
 * keeps the character. The reader now reads them as XML does, and the
 * writer writes a reference wherever a parser would otherwise change the
 * character, so what every parser reads survives the round trip.
 */
const INPUT = urlset(
  [
    '<url><loc>https://example.com/a</loc>',
    '<x:e a="tab\there" b="lf\nhere" c="crlf\r\nhere" d="cr\rhere" e="refs&#9;&#10;&#13;kept">',
    'tab\there cr\rhere crlf\r\nhere refs&#9;&#13;&#10;kept<![CDATA[ cdata\r\ncr ]]></x:e>',
    '</url>',
  ].join(''),
  ' xmlns:x="urn:x"',
);

forEachReader(() => {
  it('reads literal tabs, LFs and CRs as a strict parser does, and writes them back so it reads the same', () => {
    const strict = strictRead(INPUT);
    expect(strict[0]?.attrs).toEqual({
      a: 'tab here',
      b: 'lf here',
      c: 'crlf here',
      d: 'cr here',
      e: 'refs\t\n\rkept',
    });
    const set = importText(INPUT);
    expect(set.problems).toEqual([]);
    expect(ourRead(set.rows.ext[0]?.[0] as ExtElement)).toEqual(strict[0]);

    const xml = text((exportSitemaps(set.rows, options()).files[0] as { data: Uint8Array }).data);
    expect(strictRead(xml)).toEqual(strict);
    expect(xml).toContain('e="refs&#x9;&#xA;&#xD;kept"');
    expect(xml).toContain('refs\t&#xD;\nkept');
    const again = importText(xml);
    expect(again.rows.ext[0]).toEqual(set.rows.ext[0]);
  });

  it('places a defect after a CR LF where it is in the file', () => {
    const set = importText(
      urlset('<url><loc>https://example.com/a</loc><x:e a="x\r\ny &bad z"/></url>', ' xmlns:x="urn:x"'),
    );
    const p = set.problems.find((q) => q.code === 'xml-malformed');
    expect(p).toMatchObject({ line: 4, column: 3 });
  });
});

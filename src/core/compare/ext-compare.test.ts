import { describe, expect, it } from 'vitest';
import { corpusFile, hasShared, importText } from '../../../fixtures/helpers';
import type { ExtElement } from '../rows/types';
import { extEqual, formatExt } from './ext-compare';

const IMAGE = 'http://www.google.com/schemas/sitemap-image/1.1';
const XHTML = 'http://www.w3.org/1999/xhtml';

function el(
  ns: string,
  prefix: string,
  name: string,
  children: ExtElement['children'] = [],
  attrs: [string, string][] = [],
): ExtElement {
  return { ns, prefix, name, attrs: attrs.map(([n, value]) => ({ ns: '', prefix: '', name: n, value })), children };
}

const alternate = (lang: string, href: string, prefix = 'xhtml') =>
  el(
    XHTML,
    prefix,
    'link',
    [],
    [
      ['rel', 'alternate'],
      ['hreflang', lang],
      ['href', href],
    ],
  );

describe('extEqual', () => {
  it('treats missing and empty extensions as the same', () => {
    expect(extEqual(undefined, [])).toBe(true);
    expect(extEqual(undefined, [alternate('en', 'https://e.com/')])).toBe(false);
  });

  it('ignores prefixes, element order, attribute order and surrounding white space', () => {
    const a = [alternate('en', 'https://e.com/'), alternate('de', 'https://e.com/de/')];
    const reversedAttrs = {
      ...alternate('de', 'https://e.com/de/', 'x'),
      attrs: [...alternate('de', 'https://e.com/de/').attrs].reverse(),
    };
    expect(extEqual(a, [reversedAttrs, alternate('en', 'https://e.com/')])).toBe(true);
    const img = (text: string) => [el(IMAGE, 'image', 'image', [el(IMAGE, 'image', 'loc', [text])])];
    expect(extEqual(img('https://e.com/a.jpg'), img('\n  https://e.com/a.jpg\n'))).toBe(true);
  });

  it('sees a changed value, attribute or namespace', () => {
    expect(extEqual([alternate('en', 'https://e.com/')], [alternate('en', 'https://e.com/en/')])).toBe(false);
    expect(extEqual([alternate('en', 'https://e.com/')], [alternate('en-GB', 'https://e.com/')])).toBe(false);
    const other = { ...alternate('en', 'https://e.com/'), ns: 'http://example.com/other' };
    expect(extEqual([alternate('en', 'https://e.com/')], [other])).toBe(false);
  });
});

describe('formatExt', () => {
  it('writes compact XML with the known prefix, escaped', () => {
    const caption = el(IMAGE, 'img', 'caption', ['Fish & <chips>']);
    expect(
      formatExt([
        el(IMAGE, 'img', 'image', [el(IMAGE, 'img', 'loc', ['https://e.com/a.jpg']), caption]),
        alternate('en', 'https://e.com/?a=1&b="2"'),
      ]),
    ).toBe(
      '<image:image><image:loc>https://e.com/a.jpg</image:loc><image:caption>Fish &amp; &lt;chips&gt;</image:caption></image:image> ' +
        '<xhtml:link rel="alternate" hreflang="en" href="https://e.com/?a=1&amp;b=&quot;2&quot;"/>',
    );
    expect(formatExt(undefined)).toBe('');
  });
});

describe.runIf(hasShared)('formatExt on a real file', () => {
  it('writes the alternates of the Hugo multilingual sitemap as read', () => {
    const rows = importText(corpusFile('hreflang_hugo-multilingual_en-sitemap.xml')).rows;
    expect(formatExt(rows.ext[0])).toBe(
      '<xhtml:link rel="alternate" hreflang="es" href="https://blog.0x5d.io/es/"/> <xhtml:link rel="alternate" hreflang="en" href="https://blog.0x5d.io/"/>',
    );
  });
});

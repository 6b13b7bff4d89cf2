/* The hreflang module: its rules (hreflang-rules.ts) with their detector and words. */
import { attrOf, isHreflangLink, XHTML_NS } from '../../rows/ext-read';
import type { ExtElement } from '../../rows/types';
import { more, firstOf } from '../ext-words';
import { isUnusableUrl } from '../loc/loc-mask';
import { quote } from '../problem';
import type { RuleModule, Unreciprocated } from '../rule';
import {
  HREFLANG_BIT,
  HREFLANG_HREF,
  HREFLANG_NOT_RECIPROCAL,
  HREFLANG_RULES,
  HREFLANG_SELF_MISSING,
  HREFLANG_VALUE,
} from './hreflang-rules';
import { hreflangValueDefect } from './hreflang-value';

/** A site uses a handful of hreflang values on every page: each is judged once. */
const VALUE_DEFECTS = new Map<string, boolean>();

function valueDefect(value: string): boolean {
  let bad = VALUE_DEFECTS.get(value);
  if (bad === undefined) {
    if (VALUE_DEFECTS.size >= 1024) VALUE_DEFECTS.clear();
    bad = hreflangValueDefect(value) !== '';
    VALUE_DEFECTS.set(value, bad);
  }
  return bad;
}

function hrefDefect(el: ExtElement): boolean {
  const href = attrOf(el, 'href');
  return href === undefined || isUnusableUrl(href);
}

/**
 * The bits of a row's own alternates (`page`: its loc, trimmed): every rule
 * but hreflang-not-reciprocal, which needs the other rows (reciprocity.ts).
 */
function hreflangMask(page: string, ext: readonly ExtElement[]): number {
  let m = 0;
  let alternates = 0;
  let self = false;
  for (const el of ext) {
    if (el.ns !== XHTML_NS || !isHreflangLink(el)) continue;
    alternates++;
    if (valueDefect(attrOf(el, 'hreflang') ?? '')) m |= HREFLANG_BIT.value;
    if (hrefDefect(el)) m |= HREFLANG_BIT.href;
    else if ((attrOf(el, 'href') ?? '').trim() === page) self = true;
  }
  if (alternates > 0 && !self && page !== '') m |= HREFLANG_BIT.selfMissing;
  return m;
}

function describeHreflang(
  code: string,
  loc: string,
  ext: readonly ExtElement[],
  unreciprocated: readonly Unreciprocated[],
): string {
  const links = ext.filter(isHreflangLink);
  switch (code) {
    case HREFLANG_VALUE.code:
      return firstOf(links, (el) => {
        const value = attrOf(el, 'hreflang') ?? '';
        const why = hreflangValueDefect(value);
        return why ? `hreflang ${quote(value)} (href ${quote(attrOf(el, 'href') ?? '', 60)}) ${why}` : '';
      });
    case HREFLANG_HREF.code:
      return firstOf(links, (el) => {
        const href = attrOf(el, 'href');
        const lang = quote(attrOf(el, 'hreflang') ?? '');
        if (href === undefined) return `The alternate for hreflang ${lang} has no href`;
        return isUnusableUrl(href)
          ? `The alternate for hreflang ${lang} has the href ${quote(href, 60)}, which is not an absolute http(s) URL`
          : '';
      });
    case HREFLANG_SELF_MISSING.code:
      return `This page lists ${links.length} hreflang ${links.length === 1 ? 'alternate' : 'alternates'} but not itself; add one with its own language and href ${quote(loc.trim())}`;
    case HREFLANG_NOT_RECIPROCAL.code:
    default: {
      const first = unreciprocated[0];
      if (!first) return 'An alternate of this page does not link back to it';
      return `The alternate ${quote(first.href)} (hreflang ${quote(first.hreflang)}) is in this set but does not list this page among its alternates; search engines ignore a pair that does not link both ways${more(unreciprocated.length)}`;
    }
  }
}

export const HREFLANG = {
  rules: HREFLANG_RULES,
  extMask: hreflangMask,
  describeExt: describeHreflang,
} as const satisfies RuleModule;

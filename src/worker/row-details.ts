import { rowProblems, unreciprocatedAlternates } from '../core/check/row-problems';
import { type CheckOptions, type CheckResult } from '../core/check/check-result';
import { hreflangValueDefect } from '../core/rules/hreflang/hreflang-value';
import {
  childText,
  hreflangLinks,
  IMAGE_NS,
  isElement,
  isHreflangLink,
  NEWS_NS,
  textOf,
  VIDEO_NS,
} from '../core/rows/ext-read';
import { extValues } from '../core/edit/ext-edit';
import type { SitemapSet } from '../core/read/sitemap-set';
import type { ExtElement } from '../core/rows/types';
import type { AlternateView, ExtEntryView, RowDetails } from './protocol';
import { isUnusableUrl } from '../core/rules/loc/loc-mask';

/** Values longer than this are cut for the panel (a video description can be pages long). */
const MAX_VALUE = 2000;

/**
 * Row `i` (a position) with its extension elements made readable: the
 * hreflang alternates with what is wrong with each, then every image, video,
 * news and other element as labelled values. Built for one row on request.
 */
export function rowDetails(set: SitemapSet, result: CheckResult, i: number, opts: CheckOptions): RowDetails {
  const rows = set.rows;
  const ext = rows.ext[i] ?? [];
  const back = new Set(unreciprocatedAlternates(set, result, i).map((u) => u.href));
  const alternates: AlternateView[] = hreflangLinks(ext).map((link) => {
    const valueIssue = hreflangValueDefect(link.hreflang);
    const hrefIssue = !link.hasHref
      ? 'has no href'
      : isUnusableUrl(link.href)
        ? 'href is not an absolute http(s) URL'
        : '';
    const issue = [valueIssue && `hreflang ${valueIssue}`, hrefIssue].filter(Boolean).join('; ');
    return { at: link.at, hreflang: link.hreflang, href: link.href, issue, notReciprocal: back.has(link.href.trim()) };
  });
  const counts = { image: 0, video: 0, news: 0 };
  const totals = {
    image: ext.filter((e) => e.ns === IMAGE_NS && e.name === 'image').length,
    video: ext.filter((e) => e.ns === VIDEO_NS && e.name === 'video').length,
    news: ext.filter((e) => e.ns === NEWS_NS && e.name === 'news').length,
  };
  const entries: ExtEntryView[] = [];
  ext.forEach((el, at) => {
    if (isHreflangLink(el)) return;
    const kind = kindOf(el);
    let label: string;
    if (kind === 'other') label = el.prefix ? `${el.prefix}:${el.name}` : el.name;
    else {
      counts[kind]++;
      const name = kind === 'image' ? 'Image' : kind === 'video' ? 'Video' : 'News';
      label = totals[kind] > 1 ? `${name} ${counts[kind]}` : name;
      const title = childText(el, 'title');
      if (kind !== 'image' && title) label += `: ${cut(title, 80)}`;
    }
    entries.push(
      kind === 'other'
        ? { at, kind, label, fields: fieldsOf(el) }
        : { at, kind, label, fields: fieldsOf(el), values: extValues(el), element: el },
    );
  });
  return {
    id: rows.id[i] as number,
    loc: rows.loc.get(i),
    line: rows.line[i] ?? 0,
    file: set.files[rows.file[i] as number]?.name ?? '(added here)',
    alternates,
    entries,
    problems: rowProblems(set, result, i, opts)
      .filter((p) => p.field === 'ext')
      .map((p) => ({ code: p.code, severity: p.severity, message: p.message })),
  };
}

function kindOf(el: ExtElement): ExtEntryView['kind'] {
  if (el.ns === IMAGE_NS && el.name === 'image') return 'image';
  if (el.ns === VIDEO_NS && el.name === 'video') return 'video';
  if (el.ns === NEWS_NS && el.name === 'news') return 'news';
  return 'other';
}

/**
 * The element's attributes and children as name/value pairs: a leaf gives
 * its text, a nested element its children under a path ("publication name"),
 * an attribute `name attr` ("player_loc allow_embed").
 */
function fieldsOf(root: ExtElement): { name: string; value: string }[] {
  const out: { name: string; value: string }[] = [];
  // Depth first, in document order, without recursion (saved sessions may hold deep trees).
  const stack: { el: ExtElement; path: string }[] = [{ el: root, path: '' }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { el, path } = top;
    const kids = el.children.filter(isElement);
    if (kids.length === 0) {
      const text = textOf(el);
      if (text || (path && el.attrs.length === 0)) out.push({ name: path || 'text', value: cut(text) });
    }
    for (const a of el.attrs) {
      if (a.prefix === 'xmlns' || (a.ns === '' && a.name === 'xmlns')) continue;
      out.push({ name: path ? `${path} ${a.name}` : a.name, value: cut(a.value) });
    }
    for (let k = kids.length - 1; k >= 0; k--) {
      const child = kids[k] as ExtElement;
      stack.push({ el: child, path: path ? `${path} ${child.name}` : child.name });
    }
  }
  return out;
}

function cut(s: string, max = MAX_VALUE): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

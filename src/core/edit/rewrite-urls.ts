/*
 * Find & replace across every URL a row carries: its loc and the URLs of its
 * extensions (image, video, hreflang). A site migration moves all of them at
 * once; moving only the locs leaves images and thumbnails on the old host
 * without a word. Planned as changes, never applied here: the worker applies
 * the plan as one undo step.
 */
import { locMask, isUnusableUrl } from '../rules/loc/loc-mask';
import { IMAGE_NS, isHreflangLink, textOf, VIDEO_NS } from '../rows/ext-read';
import type { CellChange, ExtChange } from '../rows/changes';
import type { UrlRows } from '../rows/rows';
import type { ExtElement } from '../rows/types';
import { escapeRegExp, LOC_BREAKING, type ReplaceOptions } from './bulk';
import { formatNumber } from '../text/format';
import { URL_FIELD_GROUPS, type UrlFieldGroup } from './url-field-groups';

/** Each URL field as the preview names it: the xsd:anyURI values of the schemas in ../shared/schemas. */
export type UrlSpot =
  | 'loc'
  | 'image:loc'
  | 'image:license'
  | 'video:thumbnail_loc'
  | 'video:content_loc'
  | 'video:player_loc'
  | 'video:content_segment_loc'
  | 'video:gallery_loc'
  | 'video:uploader info'
  | 'xhtml:link href';

/** The URL-typed children of an image or a video (their text is the URL). */
const CHILD_SPOTS: ReadonlyMap<string, UrlSpot> = new Map([
  [`${IMAGE_NS} loc`, 'image:loc'],
  [`${IMAGE_NS} license`, 'image:license'],
  [`${VIDEO_NS} thumbnail_loc`, 'video:thumbnail_loc'],
  [`${VIDEO_NS} content_loc`, 'video:content_loc'],
  [`${VIDEO_NS} player_loc`, 'video:player_loc'],
  [`${VIDEO_NS} content_segment_loc`, 'video:content_segment_loc'],
  [`${VIDEO_NS} gallery_loc`, 'video:gallery_loc'],
]);

/** One value a rewrite changes, for the preview. */
interface RewriteSample {
  row: number;
  spot: UrlSpot;
  before: string;
  after: string;
  /** The new value is no longer a usable URL and the old one was. */
  breaking: boolean;
}

export interface RewritePlan {
  cells: CellChange[];
  exts: ExtChange[];
  /** Values changed per field, for "what changed where". */
  counts: Partial<Record<UrlSpot, number>>;
  /** Values changed over every field. */
  total: number;
  /** Ids of the rows where a value would become unusable (see {@link LOC_BREAKING}). */
  breaking: number[];
  /** The changes in row order, breaking ones first, at most `sampleLimit`. */
  samples: RewriteSample[];
}

/**
 * Applies `apply` to each chosen URL field of the rows at these positions.
 * Extension elements are rebuilt, never changed in place, so the `before` of
 * an ExtChange stays exactly what the row had. A value is compared trimmed
 * (the white space around it is not part of the URL) and written trimmed.
 */
export function planRewrite(
  rows: UrlRows,
  positions: ArrayLike<number>,
  apply: (s: string) => string,
  groups: ReadonlySet<UrlFieldGroup>,
  sampleLimit = 10,
): RewritePlan {
  const cells: CellChange[] = [];
  const exts: ExtChange[] = [];
  const counts: Partial<Record<UrlSpot, number>> = {};
  const breaking: number[] = [];
  const bad: RewriteSample[] = [];
  const good: RewriteSample[] = [];
  let total = 0;
  const note = (s: RewriteSample) => {
    counts[s.spot] = (counts[s.spot] ?? 0) + 1;
    total++;
    const list = s.breaking ? bad : good;
    if (list.length < sampleLimit) list.push(s);
  };
  const extGroups = groups.has('image') || groups.has('video') || groups.has('hreflang');
  for (let k = 0; k < positions.length; k++) {
    const p = positions[k] as number;
    const id = rows.id[p] as number;
    let rowBreaks = false;
    if (groups.has('loc')) {
      const before = rows.loc.get(p);
      const after = apply(before);
      if (after !== before) {
        cells.push({ row: id, field: 'loc', before, after });
        // Only defects the replacement brings in: a loc broken already is not its fault.
        const breaks = (locMask(after) & LOC_BREAKING & ~locMask(before)) !== 0;
        rowBreaks ||= breaks;
        note({ row: id, spot: 'loc', before, after, breaking: breaks });
      }
    }
    const ext = rows.ext[p];
    if (extGroups && ext) {
      let changed = false;
      const after = ext.map((el) => {
        const next = rewriteElement(el, apply, groups, (spot, before, value) => {
          const breaks = isUnusableUrl(value) && !isUnusableUrl(before);
          rowBreaks ||= breaks;
          note({ row: id, spot, before, after: value, breaking: breaks });
        });
        if (next !== el) changed = true;
        return next;
      });
      if (changed) exts.push({ row: id, before: ext, after });
    }
    if (rowBreaks) breaking.push(id);
  }
  return { cells, exts, counts, total, breaking, samples: [...bad, ...good].slice(0, sampleLimit) };
}

type OnChange = (spot: UrlSpot, before: string, after: string) => void;

/** `el` with its URL fields rewritten, or `el` itself when none changed. */
function rewriteElement(
  el: ExtElement,
  apply: (s: string) => string,
  groups: ReadonlySet<UrlFieldGroup>,
  onChange: OnChange,
): ExtElement {
  if (isHreflangLink(el)) {
    if (!groups.has('hreflang')) return el;
    let changed = false;
    const attrs = el.attrs.map((a) => {
      if (a.ns !== '' || a.name !== 'href') return a;
      const before = a.value.trim();
      const after = apply(before);
      if (after === before) return a;
      changed = true;
      onChange('xhtml:link href', before, after);
      return { ...a, value: after };
    });
    return changed ? { ...el, attrs } : el;
  }
  const group =
    el.ns === IMAGE_NS && el.name === 'image' ? 'image' : el.ns === VIDEO_NS && el.name === 'video' ? 'video' : null;
  if (!group || !groups.has(group)) return el;
  let changed = false;
  const children = el.children.map((c) => {
    if (typeof c === 'string') return c;
    const next = rewriteChild(c, apply, onChange);
    if (next !== c) changed = true;
    return next;
  });
  return changed ? { ...el, children } : el;
}

function rewriteChild(el: ExtElement, apply: (s: string) => string, onChange: OnChange): ExtElement {
  if (el.ns === VIDEO_NS && el.name === 'uploader') {
    let changed = false;
    const attrs = el.attrs.map((a) => {
      if (a.ns !== '' || a.name !== 'info') return a;
      const before = a.value.trim();
      const after = apply(before);
      if (after === before) return a;
      changed = true;
      onChange('video:uploader info', before, after);
      return { ...a, value: after };
    });
    return changed ? { ...el, attrs } : el;
  }
  const spot = CHILD_SPOTS.get(`${el.ns} ${el.name}`);
  if (!spot) return el;
  const before = textOf(el);
  const after = apply(before);
  if (after === before) return el;
  onChange(spot, before, after);
  // Attributes (player_loc allow_embed, gallery_loc title) stay.
  return { ...el, children: [after] };
}

/** "loc 74, image:loc 74, video:thumbnail_loc 6": what changed where, in field order. */
export function describeCounts(counts: Partial<Record<UrlSpot, number>>): string {
  return ALL_SPOTS.filter((s) => counts[s])
    .map((s) => `${s} ${formatNumber(counts[s] as number)}`)
    .join(', ');
}

/** Every URL field a change can touch, in the order the notices list them. */
export const ALL_SPOTS: readonly UrlSpot[] = [
  'loc',
  'image:loc',
  'image:license',
  'video:thumbnail_loc',
  'video:content_loc',
  'video:player_loc',
  'video:content_segment_loc',
  'video:gallery_loc',
  'video:uploader info',
  'xhtml:link href',
];

/** The scheme and host of an http(s) origin as typed ("https://example.com/" or "example.com"), or why not. */
function parseOrigin(raw: string, which: string): { origin: string } | { message: string } {
  let s = raw.trim();
  if (s === '') return { message: `Type the ${which} origin, such as https://www.example.com.` };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) s = `https://${s}`;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return { message: `"${raw.trim()}" is not an origin such as https://www.example.com.` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { message: `The ${which} origin must start with http:// or https://.` };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username || url.password) {
    return {
      message: `The ${which} origin is a scheme and a host only (such as https://www.example.com), without a path.`,
    };
  }
  return { origin: url.origin };
}

/**
 * The migration preset: a replacement that moves every URL on origin `from`
 * (scheme, host and port, compared as browsers do: case-insensitive, default
 * port implied) to origin `to`, keeping path, query and fragment. A URL on
 * another origin, or whose host only starts like `from`'s, is left alone.
 * As ReplaceOptions, so the preview and the undo step are a find & replace's.
 */
export function originRewrite(
  from: string,
  to: string,
): { ok: true; options: ReplaceOptions; from: string; to: string } | { ok: false; message: string } {
  const a = parseOrigin(from, 'current');
  if ('message' in a) return { ok: false, message: a.message };
  const b = parseOrigin(to, 'new');
  if ('message' in b) return { ok: false, message: b.message };
  if (a.origin === b.origin) return { ok: false, message: 'The two origins are the same: nothing would move.' };
  const [scheme, host] = a.origin.split('://') as [string, string];
  const defaultPort = scheme === 'https' ? '443' : '80';
  const hostPattern = host.includes(':') ? escapeRegExp(host) : `${escapeRegExp(host)}(?::${defaultPort})?`;
  const find = `^${escapeRegExp(scheme)}://${hostPattern}(?=[/?#]|$)`;
  return {
    ok: true,
    from: a.origin,
    to: b.origin,
    options: {
      find,
      replace: b.origin.replaceAll('$', '$$$$'),
      regex: true,
      caseSensitive: false,
      describe: `Move every URL from ${a.origin} to ${b.origin}`,
    },
  };
}

/** The groups named on a command line or in a request ("all" for every one), or why not. */
export function parseFieldGroups(
  names: readonly string[],
): { ok: true; groups: Set<UrlFieldGroup> } | { ok: false; message: string } {
  const groups = new Set<UrlFieldGroup>();
  for (const n of names) {
    if (n === 'all') URL_FIELD_GROUPS.forEach((g) => groups.add(g));
    else if ((URL_FIELD_GROUPS as readonly string[]).includes(n)) groups.add(n as UrlFieldGroup);
    else return { ok: false, message: `"${n}" is not a URL field group: use ${URL_FIELD_GROUPS.join(', ')} or all.` };
  }
  return { ok: true, groups };
}

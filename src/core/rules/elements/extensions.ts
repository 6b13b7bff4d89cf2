import { KNOWN_EXTENSIONS } from '../../rows/namespaces';
import type { ExtElement, ExtNode } from '../../rows/types';
import { EXTENSION_DATES, EXTENSION_SEQUENCES, type ChildSpec } from './extension-schemas';

/** What is wrong with a known extension element, as far as its schema says. */
export interface ExtensionDefect {
  /** e.g. "<image:image>: <image:title> comes before <image:caption>". */
  message: string;
  /** True when {@link repairExtensions} fixes it (order, or a date without seconds). */
  fixable: boolean;
}

const isElement = (n: ExtNode): n is ExtElement => typeof n !== 'string';

/**
 * Required children whose absence a rule of its own reports, with the
 * Search Console words users look for (video-title-missing…). ext-invalid
 * leaves them out so the same defect is never reported twice; it keeps what
 * those rules do not say: order, repeats, unknown children, refused dates,
 * and the required children no other rule names (image:loc, tvshow's).
 */
const OWNED_BY_RULES: ReadonlySet<string> = new Set([
  `${KNOWN_EXTENSIONS.video} video thumbnail_loc`,
  `${KNOWN_EXTENSIONS.video} video title`,
  `${KNOWN_EXTENSIONS.video} video description`,
  `${KNOWN_EXTENSIONS.news} news publication`,
  `${KNOWN_EXTENSIONS.news} news publication_date`,
  `${KNOWN_EXTENSIONS.news} news title`,
  `${KNOWN_EXTENSIONS.news} publication name`,
  `${KNOWN_EXTENSIONS.news} publication language`,
]);

function label(el: ExtElement, name = el.name): string {
  return el.prefix ? `<${el.prefix}:${name}>` : `<${name}>`;
}

/**
 * The first schema defect among a row's extension elements (children out of
 * order, a required child missing, one too many, or an unknown child), or
 * undefined. Unknown extensions are not judged here: they are `unknown-tag`.
 */
export function findExtensionDefect(ext: readonly ExtElement[]): ExtensionDefect | undefined {
  for (const el of ext) {
    const d = defectOf(el);
    if (d) return d;
  }
  return undefined;
}

/** `2025-06-05T21:00Z`: W3C Datetime without seconds, which xsd:dateTime refuses. */
const MINUTES_ONLY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})$/;

function textOf(el: ExtElement): string {
  return el.children.filter((c): c is string => typeof c === 'string').join('');
}

/** The namespaces with sequences or dates to judge; others (xhtml:link on every page of a multilingual site) are skipped at once. */
const JUDGED_NS: ReadonlySet<string> = new Set([KNOWN_EXTENSIONS.image, KNOWN_EXTENSIONS.video, KNOWN_EXTENSIONS.news]);

// recursion-ok: it goes down only into children the parent's schema sequence allows (others are a
// defect returned at once), and Google's schemas nest three levels at most (news > publication > name).
function defectOf(el: ExtElement): ExtensionDefect | undefined {
  if (!JUDGED_NS.has(el.ns)) return undefined;
  if (EXTENSION_DATES.has(`${el.ns} ${el.name}`) && MINUTES_ONLY.test(textOf(el).trim())) {
    return {
      message: `${label(el)} "${textOf(el).trim()}" has no seconds; the schema needs YYYY-MM-DDThh:mm:ss with a zone`,
      fixable: true,
    };
  }
  const seq = EXTENSION_SEQUENCES.get(`${el.ns} ${el.name}`);
  if (!seq) return undefined;
  const children = el.children.filter(isElement);
  let orderDefect: string | undefined;
  let last = -1;
  const counts = new Array<number>(seq.length).fill(0);
  for (const child of children) {
    const at = child.ns === el.ns ? seq.findIndex((s) => s.name === child.name) : -1;
    if (at < 0)
      return { message: `${label(el)} has a child ${label(child)} that its schema does not allow`, fixable: false };
    counts[at] = (counts[at] ?? 0) + 1;
    if (at < last && !orderDefect) {
      const previous = seq[last] as ChildSpec;
      orderDefect = `${label(el)}: ${label(child)} comes after ${label(el, previous.name)}; the schema wants it before`;
    }
    last = Math.max(last, at);
  }
  for (let i = 0; i < seq.length; i++) {
    const spec = seq[i] as ChildSpec;
    const n = counts[i] ?? 0;
    if (n < spec.min && !OWNED_BY_RULES.has(`${el.ns} ${el.name} ${spec.name}`)) {
      return { message: `${label(el)} lacks the required ${label(el, spec.name)}`, fixable: false };
    }
    if (n > spec.max)
      return {
        message: `${label(el)} has ${n} ${label(el, spec.name)} elements; at most ${spec.max} are allowed`,
        fixable: false,
      };
  }
  for (const child of children) {
    const d = defectOf(child);
    if (d) return orderDefect ? { message: orderDefect, fixable: d.fixable } : d;
  }
  return orderDefect ? { message: orderDefect, fixable: true } : undefined;
}

/**
 * The same extension elements with every known element's children in schema
 * order (a stable sort, so repeated children keep their order) and `:00`
 * seconds added to minute-precision dates. Only safe when
 * {@link findExtensionDefect} says the defect is fixable.
 */
export function repairExtensions(ext: readonly ExtElement[]): ExtElement[] {
  return ext.map(repair);
}

// recursion-ok: only into children its schema sequence names (Google's schemas nest three levels at
// most); an element without a sequence is returned as it is, whatever it holds.
function repair(el: ExtElement): ExtElement {
  if (EXTENSION_DATES.has(`${el.ns} ${el.name}`)) {
    const m = MINUTES_ONLY.exec(textOf(el).trim());
    if (m) return { ...el, children: [`${m[1]}:00${m[2]}`] };
  }
  const seq = EXTENSION_SEQUENCES.get(`${el.ns} ${el.name}`);
  if (!seq) return el;
  const allowed = (c: ExtElement) => c.ns === el.ns && seq.some((s) => s.name === c.name);
  const children = el.children.map((c) => (isElement(c) && allowed(c) ? repair(c) : c));
  const rank = (c: ExtNode) => (isElement(c) ? seq.findIndex((s) => s.name === c.name) : -1);
  const elements = children.filter(isElement).sort((a, b) => rank(a) - rank(b));
  return { ...el, children: elements };
}

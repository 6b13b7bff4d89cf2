/* The image extension's module: its rules (images-rules.ts) with their detector, words and fix. */
import { childOf, IMAGE_NS, textOf } from '../../rows/ext-read';
import type { ExtElement } from '../../rows/types';
import { formatNumber } from '../../text/format';
import { droppedWords, withoutChildren } from '../ext-drop';
import { firstOf, nth } from '../ext-words';
import { isUnusableUrl } from '../loc/loc-mask';
import { quote } from '../problem';
import type { ExtFix, RuleModule } from '../rule';
import {
  DEPRECATED_IMAGE_TAGS,
  IMAGE_BIT,
  IMAGE_DEPRECATED,
  IMAGE_TOO_MANY,
  IMAGES_RULES,
  MAX_IMAGES_PER_URL,
} from './images-rules';

function imageLocDefect(el: ExtElement): boolean {
  // An absent <image:loc> is a schema defect (ext-invalid); an empty or relative one is this rule's.
  const loc = childOf(el, 'loc');
  return loc !== undefined && isUnusableUrl(textOf(loc));
}

const isImage = (el: ExtElement): boolean => el.ns === IMAGE_NS && el.name === 'image';

const isDeprecatedChild = (image: ExtElement, child: ExtElement): boolean =>
  child.ns === image.ns && DEPRECATED_IMAGE_TAGS.includes(child.name);

function deprecatedOf(image: ExtElement): ExtElement[] {
  const out: ExtElement[] = [];
  for (const c of image.children) if (typeof c !== 'string' && isDeprecatedChild(image, c)) out.push(c);
  return out;
}

function imagesMask(ext: readonly ExtElement[]): number {
  let m = 0;
  let images = 0;
  for (const el of ext) {
    if (!isImage(el)) continue;
    images++;
    if (imageLocDefect(el)) m |= IMAGE_BIT.loc;
    if (!(m & IMAGE_BIT.deprecated) && deprecatedOf(el).length > 0) m |= IMAGE_BIT.deprecated;
  }
  if (images > MAX_IMAGES_PER_URL) m |= IMAGE_BIT.tooMany;
  return m;
}

function describeImages(code: string, _loc: string, ext: readonly ExtElement[]): string {
  const images = ext.filter(isImage);
  switch (code) {
    case IMAGE_DEPRECATED.code:
      return firstOf(images, (el, k) => {
        const old = deprecatedOf(el);
        if (old.length === 0) return '';
        const tags = old.map((c) => `<image:${c.name}>`).join(', ');
        return `${nth('image', k, images.length)} has ${tags}: Google removed ${old.length === 1 ? 'this tag' : 'these tags'} from image sitemaps and ignores ${old.length === 1 ? 'it' : 'them'}; put the words on the page instead`;
      });
    case IMAGE_TOO_MANY.code:
      return `This URL has ${formatNumber(images.length)} images (<image:image>); Google reads at most ${formatNumber(MAX_IMAGES_PER_URL)} per URL`;
    default:
      return firstOf(images, (el, k) => {
        if (!imageLocDefect(el)) return '';
        const v = textOf(childOf(el, 'loc') as ExtElement);
        return v === ''
          ? `${nth('image', k, images.length)} has an empty <image:loc>`
          : `${nth('image', k, images.length)} has the URL ${quote(v, 60)}, which is not an absolute http(s) URL`;
      });
  }
}

const IMAGES_FIXES: readonly ExtFix[] = [
  {
    kind: 'ext',
    rule: IMAGE_DEPRECATED,
    apply: (ext) => withoutChildren(ext, isImage, isDeprecatedChild)?.ext ?? null,
    lists: (ext) => (withoutChildren(ext, isImage, isDeprecatedChild)?.dropped ?? []).map(droppedWords),
  },
];

export const IMAGES = {
  rules: IMAGES_RULES,
  extMask: (_page, ext) => imagesMask(ext),
  describeExt: describeImages,
  fixes: IMAGES_FIXES,
} as const satisfies RuleModule;

/* The image extension's module: its rule (images-rules.ts) with its detector and words. */
import { childOf, IMAGE_NS, textOf } from '../../rows/ext-read';
import type { ExtElement } from '../../rows/types';
import { firstOf, nth } from '../ext-words';
import { isUnusableUrl } from '../loc/loc-mask';
import { quote } from '../problem';
import type { RuleModule } from '../rule';
import { IMAGE_BIT, IMAGES_RULES } from './images-rules';

function imageLocDefect(el: ExtElement): boolean {
  // An absent <image:loc> is a schema defect (ext-invalid); an empty or relative one is this rule's.
  const loc = childOf(el, 'loc');
  return loc !== undefined && isUnusableUrl(textOf(loc));
}

const isImage = (el: ExtElement): boolean => el.ns === IMAGE_NS && el.name === 'image';

export const IMAGES = {
  rules: IMAGES_RULES,
  extMask: (_page, ext) => {
    for (const el of ext) if (isImage(el) && imageLocDefect(el)) return IMAGE_BIT.loc;
    return 0;
  },
  describeExt: (_code, _loc, ext) => {
    const images = ext.filter(isImage);
    return firstOf(images, (el, k) => {
      if (!imageLocDefect(el)) return '';
      const v = textOf(childOf(el, 'loc') as ExtElement);
      return v === ''
        ? `${nth('image', k, images.length)} has an empty <image:loc>`
        : `${nth('image', k, images.length)} has the URL ${quote(v, 60)}, which is not an absolute http(s) URL`;
    });
  },
} as const satisfies RuleModule;

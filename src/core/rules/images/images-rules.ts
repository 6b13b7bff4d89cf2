/* The image extension's rule: an image's URL. Detector and words in images.ts. */
import { bitOf, type RowRule } from '../rule';

const IMAGE_LOC_NOT_ABSOLUTE = {
  code: 'image-loc-not-absolute',
  severity: 'warning',
  scope: 'row',
  word: 'ext',
  bit: 4,
  field: 'ext',
  title: 'An image URL (<image:loc>) is empty or not an absolute http(s) URL',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const IMAGES_RULES = [IMAGE_LOC_NOT_ABSOLUTE] as const;

/** The image rule's bit in a row's extension mask. */
export const IMAGE_BIT = { loc: bitOf(IMAGE_LOC_NOT_ABSOLUTE) } as const;

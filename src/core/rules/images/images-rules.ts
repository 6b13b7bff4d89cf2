/* The image extension's rules: an image's URL, the tags Google dropped, images per URL. Detector, words and fix in images.ts. */
import { bitOf, type RowRule } from '../rule';

/** Most `<image:image>` one `<url>` may hold (Google's image sitemaps). */
export const MAX_IMAGES_PER_URL = 1000;

/** The `<image:image>` children Google removed from its documentation and ignores. */
export const DEPRECATED_IMAGE_TAGS: readonly string[] = ['caption', 'title', 'geo_location', 'license'];

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

export const IMAGE_DEPRECATED = {
  code: 'image-deprecated',
  severity: 'warning',
  scope: 'row',
  word: 'ext',
  bit: 14,
  field: 'ext',
  title:
    'An image has <image:caption>, <image:title>, <image:geo_location> or <image:license>, which Google no longer reads',
  searchConsole: '',
  fix: 'Drop the four tags (each dropped value listed)',
  fixedBy: 'fix-all',
} as const satisfies RowRule;

export const IMAGE_TOO_MANY = {
  code: 'image-too-many',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 15,
  field: 'ext',
  title: 'A URL has more than 1,000 images (<image:image>)',
  searchConsole: 'Invalid XML: too many tags',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const IMAGES_RULES = [IMAGE_LOC_NOT_ABSOLUTE, IMAGE_DEPRECATED, IMAGE_TOO_MANY] as const;

/** The image rules' bits in a row's extension mask. */
export const IMAGE_BIT = {
  loc: bitOf(IMAGE_LOC_NOT_ABSOLUTE),
  deprecated: bitOf(IMAGE_DEPRECATED),
  tooMany: bitOf(IMAGE_TOO_MANY),
} as const;

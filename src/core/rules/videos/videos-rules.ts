/* The video extension's rules: what a video needs. Detector and words in videos.ts. */
import { bitOf, type RowRule } from '../rule';

export const VIDEO_THUMBNAIL_MISSING = {
  code: 'video-thumbnail-missing',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 5,
  field: 'ext',
  title: 'A video has no thumbnail URL (<video:thumbnail_loc>)',
  searchConsole: 'Missing thumbnail URL',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const VIDEO_TITLE_MISSING = {
  code: 'video-title-missing',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 6,
  field: 'ext',
  title: 'A video has no title (<video:title>)',
  searchConsole: 'Missing video title',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const VIDEO_DESCRIPTION_MISSING = {
  code: 'video-description-missing',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 7,
  field: 'ext',
  title: 'A video has no description (<video:description>)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const VIDEO_LOCATION_MISSING = {
  code: 'video-location-missing',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 8,
  field: 'ext',
  title: 'A video has neither a content location (<video:content_loc>) nor a player location (<video:player_loc>)',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const VIDEO_LOCATION_SAME_AS_PAGE = {
  code: 'video-location-same-as-page',
  severity: 'error',
  scope: 'row',
  word: 'ext',
  bit: 9,
  field: 'ext',
  title: "A video's content or player location is the page's own URL",
  searchConsole: 'Video location and play page are the same',
  fix: '',
  fixedBy: 'none',
} as const satisfies RowRule;

export const VIDEOS_RULES = [
  VIDEO_THUMBNAIL_MISSING,
  VIDEO_TITLE_MISSING,
  VIDEO_DESCRIPTION_MISSING,
  VIDEO_LOCATION_MISSING,
  VIDEO_LOCATION_SAME_AS_PAGE,
] as const;

/** The video rules' bits in a row's extension mask. */
export const VIDEO_BIT = {
  thumbnail: bitOf(VIDEO_THUMBNAIL_MISSING),
  title: bitOf(VIDEO_TITLE_MISSING),
  description: bitOf(VIDEO_DESCRIPTION_MISSING),
  location: bitOf(VIDEO_LOCATION_MISSING),
  sameAsPage: bitOf(VIDEO_LOCATION_SAME_AS_PAGE),
} as const;

/*
 * The messages of this round's edits, beside protocol.ts: an image, video
 * or news entry edited in the row details, and what a replacement across
 * URL fields reports per field.
 */
import type { UrlSpot } from '../core/edit/rewrite-urls';
import type { ExtElement } from '../core/rows/types';

/** What an image, video or news entry's editor starts from (see EXT_FIELDS), and the element, to check a draft. */
export interface ExtEntryEditing {
  values?: Record<string, string>;
  element?: ExtElement;
}

/** A replacement across URL fields, counted per field: what changes where. */
export interface RewriteCounts {
  /** Values changed over every field chosen (a row may have several: its loc, its images…). */
  values?: number;
  byField?: Partial<Record<UrlSpot, number>>;
}

/** One change a replacement previews, with the URL field it is in. */
export interface ReplaceSample {
  row: number;
  before: string;
  after: string;
  breaking: boolean;
  field?: UrlSpot;
}

/** Without a Site URL: the most common origin of the usable locs, how many have it, whether it is the only one (the Site URL suggested). */
export interface CommonOrigin {
  origin: string;
  count: number;
  sole: boolean;
}

/** What the summary tells the Site URL field. */
export interface SiteUrlHint {
  commonOrigin?: CommonOrigin | null;
}

import { KNOWN_EXTENSIONS } from '../../rows/namespaces';

/** One child of a sequence in an extension schema. */
export interface ChildSpec {
  name: string;
  min: number;
  max: number;
}

const one = (name: string): ChildSpec => ({ name, min: 1, max: 1 });
const opt = (name: string, max = 1): ChildSpec => ({ name, min: 0, max });

/**
 * The child sequences of Google's extension schemas (../shared/schemas),
 * keyed by `namespace name`. Only elements with element children are listed;
 * the order is the schema's and is enforced by it (and by XSD validators).
 */
export const EXTENSION_SEQUENCES: ReadonlyMap<string, readonly ChildSpec[]> = new Map([
  [`${KNOWN_EXTENSIONS.image} image`, [one('loc'), opt('caption'), opt('geo_location'), opt('title'), opt('license')]],
  [
    `${KNOWN_EXTENSIONS.video} video`,
    [
      one('thumbnail_loc'),
      one('title'),
      one('description'),
      opt('content_loc'),
      opt('player_loc'),
      opt('duration'),
      opt('expiration_date'),
      opt('rating'),
      opt('content_segment_loc', Infinity),
      opt('view_count'),
      opt('publication_date'),
      opt('tag', 32),
      opt('category'),
      opt('family_friendly'),
      opt('restriction'),
      opt('gallery_loc'),
      opt('price', Infinity),
      opt('requires_subscription'),
      opt('uploader'),
      opt('tvshow'),
      opt('platform'),
      opt('live'),
      opt('id', Infinity),
    ],
  ],
  [
    `${KNOWN_EXTENSIONS.video} tvshow`,
    [
      one('show_title'),
      one('video_type'),
      opt('episode_title'),
      opt('season_number'),
      opt('episode_number'),
      opt('premier_date'),
    ],
  ],
  [
    `${KNOWN_EXTENSIONS.news} news`,
    [
      one('publication'),
      opt('access'),
      opt('genres'),
      one('publication_date'),
      one('title'),
      opt('keywords'),
      opt('stock_tickers'),
    ],
  ],
  [`${KNOWN_EXTENSIONS.news} publication`, [one('name'), one('language')]],
]);

/**
 * Leaf elements typed as a union of xsd:date and xsd:dateTime. W3C Datetime
 * allows `hh:mm` without seconds; xsd:dateTime does not.
 */
export const EXTENSION_DATES: ReadonlySet<string> = new Set([
  `${KNOWN_EXTENSIONS.video} expiration_date`,
  `${KNOWN_EXTENSIONS.video} publication_date`,
  `${KNOWN_EXTENSIONS.video} premier_date`,
  `${KNOWN_EXTENSIONS.news} publication_date`,
]);

/* The video extension's module: its rules (videos-rules.ts) with their detector and words. */
import { childOf, childText, VIDEO_NS } from '../../rows/ext-read';
import type { ExtElement } from '../../rows/types';
import { firstOf, nth } from '../ext-words';
import type { RuleModule } from '../rule';
import {
  VIDEO_BIT,
  VIDEO_DESCRIPTION_MISSING,
  VIDEO_LOCATION_MISSING,
  VIDEO_LOCATION_SAME_AS_PAGE,
  VIDEO_THUMBNAIL_MISSING,
  VIDEO_TITLE_MISSING,
  VIDEOS_RULES,
} from './videos-rules';

const isVideo = (el: ExtElement): boolean => el.ns === VIDEO_NS && el.name === 'video';

function videoMask(el: ExtElement, page: string): number {
  let m = 0;
  if (childText(el, 'thumbnail_loc') === '') m |= VIDEO_BIT.thumbnail;
  if (childText(el, 'title') === '') m |= VIDEO_BIT.title;
  if (childText(el, 'description') === '') m |= VIDEO_BIT.description;
  const content = childText(el, 'content_loc');
  const player = childText(el, 'player_loc');
  if (content === '' && player === '') m |= VIDEO_BIT.location;
  else if (page !== '' && (content === page || player === page)) m |= VIDEO_BIT.sameAsPage;
  return m;
}

/** The child each "missing" rule asks for. */
const REQUIRED_CHILD: Readonly<Record<string, string>> = {
  [VIDEO_THUMBNAIL_MISSING.code]: 'thumbnail_loc',
  [VIDEO_TITLE_MISSING.code]: 'title',
  [VIDEO_DESCRIPTION_MISSING.code]: 'description',
};

function describeVideos(code: string, loc: string, ext: readonly ExtElement[]): string {
  const page = loc.trim();
  const videos = ext.filter(isVideo);
  const which = (el: ExtElement, k: number): string => nth('video', k, videos.length, childText(el, 'title'));
  switch (code) {
    case VIDEO_LOCATION_MISSING.code:
      return firstOf(videos, (el, k) =>
        childText(el, 'content_loc') === '' && childText(el, 'player_loc') === ''
          ? `${which(el, k)} has neither <video:content_loc> (the media file) nor <video:player_loc> (the player)`
          : '',
      );
    case VIDEO_LOCATION_SAME_AS_PAGE.code:
      return firstOf(videos, (el, k) => {
        const same =
          childText(el, 'content_loc') === page
            ? 'content_loc'
            : childText(el, 'player_loc') === page
              ? 'player_loc'
              : '';
        return same
          ? `${which(el, k)} has <video:${same}> equal to the page URL; it must point at the video file or the player, not at the page that shows it`
          : '';
      });
    default: {
      const child = REQUIRED_CHILD[code] ?? 'title';
      return firstOf(videos, (el, k) => {
        if (childText(el, child) !== '') return '';
        const state = childOf(el, child) ? 'an empty' : 'no';
        return `${which(el, k)} has ${state} <video:${child}>`;
      });
    }
  }
}

export const VIDEOS = {
  rules: VIDEOS_RULES,
  extMask: (page, ext) => {
    let m = 0;
    for (const el of ext) if (isVideo(el)) m |= videoMask(el, page);
    return m;
  },
  describeExt: describeVideos,
} as const satisfies RuleModule;

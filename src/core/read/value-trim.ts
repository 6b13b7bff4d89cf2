import { KNOWN_EXTENSIONS } from '../rows/namespaces';
import type { ExtElement } from '../rows/types';
import { trimMessage } from '../rules/loc/loc-rules';

/**
 * White space around a value. The XSDs type loc as `anyURI` and the other
 * fields as tokens or dates, whose white space facet is "collapse": a
 * pretty-printer's `<loc>\n\t\thttps://…\n</loc>` means the URL alone, and
 * Google and every major parser read it so. The value is trimmed on read and
 * counted, so the file gets one warning (`value-whitespace`) instead of an
 * error per row, and the padding is never written back.
 */

/** XML's S production: space, tab, CR, LF (not NBSP: that one is content). */
function isXmlSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** `s` without leading and trailing XML white space (the same string when there is none). */
export function trimXmlSpace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isXmlSpace(s.charCodeAt(start))) start++;
  while (end > start && isXmlSpace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Cheap first test for the hot path: can `s` have white space at either end? */
export function mayHaveSpaceAround(s: string): boolean {
  const n = s.length;
  return n > 0 && (s.charCodeAt(0) <= 32 || s.charCodeAt(n - 1) <= 32);
}

const URL_ELEMENTS: ReadonlySet<string> = new Set([
  `${KNOWN_EXTENSIONS.image} loc`,
  `${KNOWN_EXTENSIONS.video} content_loc`,
  `${KNOWN_EXTENSIONS.video} player_loc`,
  `${KNOWN_EXTENSIONS.video} thumbnail_loc`,
]);

/** True for an extension element whose text is a URL (image:loc, video:content_loc, player_loc, thumbnail_loc). */
export function isExtUrlElement(el: ExtElement): boolean {
  return URL_ELEMENTS.has(`${el.ns} ${el.name}`);
}

/** True for an attribute that holds a URL: `href` of `xhtml:link`. */
export function isExtUrlAttr(el: ExtElement, attrNs: string, attrName: string): boolean {
  return el.ns === KNOWN_EXTENSIONS.xhtml && el.name === 'link' && attrNs === '' && attrName === 'href';
}

/**
 * Counts the values trimmed in one file and where the first one was, for the
 * file's single `value-whitespace` warning.
 */
export class TrimTally {
  count = 0;
  firstAt = -1;
  firstWhat = '';

  /** Records one trimmed value, `what` naming it for the message (`<loc>`, `href of <xhtml:link>`). */
  note(what: string, at: number): void {
    if (this.count++ === 0) {
      this.firstAt = at;
      this.firstWhat = what;
    }
  }

  /** The warning's text, or '' when nothing was trimmed. */
  message(): string {
    return this.count === 0 ? '' : trimMessage(this.count, this.firstWhat);
  }
}

/*
 * How many problem badges fit a problems cell, estimated from the codes'
 * lengths rather than measured: measuring would lay out every drawn row on
 * every scrolled frame. The estimate errs towards fewer badges; the last
 * badge shown may still shrink (with an ellipsis), never the "+N".
 */

/** A code's average character in the badge's 0.9em bold monospace-free font, in px. */
const CHAR_PX = 7;
/** A badge's padding and the gap after it. */
const BADGE_PAD_PX = 14;
/** The "+N" after the badges. */
const MORE_PX = 26;
/** The cell's own padding. */
const CELL_PAD_PX = 12;

/** The number of badges (at least one when there are codes) that fit a cell `width` px wide, leaving room for "+N" when some are left out. */
export function badgesThatFit(codes: readonly string[], width: number): number {
  let room = width - CELL_PAD_PX;
  let n = 0;
  for (let k = 0; k < codes.length; k++) {
    const need = (codes[k]?.length ?? 0) * CHAR_PX + BADGE_PAD_PX + (k < codes.length - 1 ? MORE_PX : 0);
    if (n > 0 && need > room) break;
    room -= need - (k < codes.length - 1 ? MORE_PX : 0);
    n++;
  }
  return n;
}

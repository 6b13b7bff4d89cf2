import { READ_FLAG, type UrlRows } from '../rows/rows';
import { changefreqMask } from './changefreq';
import { findExtensionDefect } from './extensions';
import { lastmodMask, type LastmodClock } from './lastmod';
import { locMask } from './loc';
import { priorityMask } from './priority';
import { B } from './row-bits';

const DUPLICATE_TAG_FLAGS =
  READ_FLAG.duplicateLoc | READ_FLAG.duplicateLastmod | READ_FLAG.duplicateChangefreq | READ_FLAG.duplicatePriority;

/**
 * The rule bits of row `i` that depend on that row alone: its four fields
 * and its read flags. Empty optional fields cost one comparison each.
 */
let lastLastmod = '';
let lastClock: LastmodClock | undefined;
let lastLastmodMask = 0;

export function ownRowMask(rows: UrlRows, i: number, clock: LastmodClock, loc = rows.loc.get(i)): number {
  let m = locMask(loc);
  const lastmod = rows.lastmod.get(i);
  if (lastmod !== '') {
    // Neighbouring rows often share a lastmod: parse each run of equal values once.
    if (lastmod !== lastLastmod || clock !== lastClock) {
      lastLastmod = lastmod;
      lastClock = clock;
      lastLastmodMask = lastmodMask(lastmod, clock);
    }
    m |= lastLastmodMask;
  }
  const changefreq = rows.changefreq.get(i);
  if (changefreq !== '') m |= changefreqMask(changefreq);
  const priority = rows.priority.get(i);
  if (priority !== '') m |= priorityMask(priority);
  const ext = rows.ext[i];
  if (ext !== undefined && findExtensionDefect(ext)) m |= B.extInvalid;
  const flags = rows.readFlags[i] ?? 0;
  if (flags !== 0) {
    if (flags & DUPLICATE_TAG_FLAGS) m |= B.duplicateTag;
    if (flags & READ_FLAG.unknownTag) m |= B.unknownTag;
  }
  return m;
}

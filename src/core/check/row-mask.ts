import type { UrlRows } from '../rows/rows';
import { elementsMask } from '../rules/elements/elements';
import { locMask } from '../rules/loc/loc-mask';
import { VALUE_FIELDS } from '../rules/modules';
import type { Clock } from '../rules/rule';

/** Per field of VALUE_FIELDS: the value last judged and its bits (neighbouring rows often share a lastmod). */
const lastValue: string[] = VALUE_FIELDS.map(() => '');
const lastMask: number[] = VALUE_FIELDS.map(() => 0);
let lastClock: Clock | undefined;

/**
 * The rule bits of row `i` that depend on that row alone: its four fields
 * and its elements. Empty optional fields cost one comparison each.
 */
export function ownRowMask(rows: UrlRows, i: number, clock: Clock, loc = rows.loc.get(i)): number {
  let m = locMask(loc);
  if (clock !== lastClock) {
    lastClock = clock;
    lastValue.fill('');
  }
  for (let k = 0; k < VALUE_FIELDS.length; k++) {
    const rules = VALUE_FIELDS[k] as (typeof VALUE_FIELDS)[number];
    const value = rows[rules.field].get(i);
    if (value === '') continue;
    if (value !== lastValue[k]) {
      lastValue[k] = value;
      lastMask[k] = rules.mask(value, clock);
    }
    m |= lastMask[k] as number;
  }
  const ext = rows.ext[i];
  const flags = rows.readFlags[i] ?? 0;
  if (ext !== undefined || flags !== 0) m |= elementsMask(ext, flags);
  return m;
}

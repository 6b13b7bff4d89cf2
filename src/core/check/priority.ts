import { B } from './row-bits';

/** XML Schema white space (the `collapse` facet of xsd:decimal strips it at both ends). */
function isXsdSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * The rule bits of one non-empty priority value: priority-format unless it is
 * an xsd:decimal (`(+|-)?(d+(.d*)?|.d+)`, so `.5`, `1.` and `+0.5` are fine),
 * else priority-range unless 0 ≤ value ≤ 1. Decided on the digits, not on a
 * float, so `1.0000000000000000001` is out of range as it should be.
 */
export function priorityMask(s: string): number {
  let i = 0;
  let n = s.length;
  while (i < n && isXsdSpace(s.charCodeAt(i))) i++;
  while (n > i && isXsdSpace(s.charCodeAt(n - 1))) n--;
  let negative = false;
  const sign = s.charCodeAt(i);
  if (sign === 0x2b || sign === 0x2d) {
    negative = sign === 0x2d;
    i++;
  }
  // Integer digits, ignoring leading zeros: intValue is 0, 1 or "more".
  let digits = 0;
  let intValue = 0;
  let nonZero = false;
  for (; i < n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    digits++;
    if (d !== 0 || intValue > 0) intValue = intValue === 0 ? d : 2;
    if (d !== 0) nonZero = true;
  }
  let fracNonZero = false;
  if (i < n && s.charCodeAt(i) === 0x2e) {
    for (i++; i < n; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      digits++;
      if (d !== 0) fracNonZero = true;
    }
  }
  if (i !== n || digits === 0) return B.priorityFormat;
  if (negative) return nonZero || fracNonZero ? B.priorityRange : 0;
  if (intValue > 1 || (intValue === 1 && fracNonZero)) return B.priorityRange;
  return 0;
}

/** Blank between markup: XML white space, and a stray byte order mark. */
export function isBlank(text: string, start: number, end: number): boolean {
  return firstNonBlank(text, start, end) === end - start;
}

/** Offset from `start` of the first character that is not blank (`end - start` when none). */
export function firstNonBlank(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xfeff) return i - start;
  }
  return end - start;
}

/** A value short enough for a one-line message. */
export function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

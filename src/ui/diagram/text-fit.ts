/*
 * Text cut to a width without measuring it in a document: the picture is
 * also written as a file (SVG, PDF) with no layout engine at hand, so the
 * width of a string is estimated from its characters (ems of a sans-serif
 * font, on the wide side) and the string shortened with an ellipsis.
 */

/** Ems of one character, roughly, in a sans-serif face (bold slightly wider). */
function charEm(code: number): number {
  // CJK, Hangul, full-width forms: one em each.
  if ((code >= 0x1100 && code <= 0x11ff) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3))
    return 1;
  if (code >= 0xf900 && code <= 0xfaff) return 1;
  if (code >= 0xff00 && code <= 0xff60) return 1;
  if (code === 0x20) return 0.28;
  // i, l, j, t, f, r, I, punctuation.
  if (/[iljtfrI.,:;'!|()[\]]/.test(String.fromCharCode(code))) return 0.32;
  if (/[MWmw@%]/.test(String.fromCharCode(code))) return 0.88;
  if (code >= 0x41 && code <= 0x5a) return 0.68;
  return 0.58;
}

/** The estimated width of a text in a font size (px), bold or not. */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const ch of text) em += charEm(ch.codePointAt(0) ?? 0);
  return em * size * (bold ? 1.06 : 1);
}

/** The text, shortened with an ellipsis to fit `width` (px) in a font size; '' when not even the ellipsis fits. */
export function fitText(text: string, size: number, width: number, bold = false): string {
  if (textWidth(text, size, bold) <= width) return text;
  const chars = Array.from(text);
  const room = width - textWidth('…', size, bold);
  let used = 0;
  let k = 0;
  for (; k < chars.length; k++) {
    const w = textWidth(chars[k] as string, size, bold);
    if (used + w > room) break;
    used += w;
  }
  return k === 0 ? (room >= 0 ? '…' : '') : `${chars.slice(0, k).join('').trimEnd()}…`;
}

/**
 * The text on at most `maxLines` lines of `width`, broken between words (a
 * word longer than a line is broken where it must), the last line shortened
 * with an ellipsis when the text does not fit.
 */
export function wrapText(text: string, size: number, width: number, bold: boolean, maxLines: number): string[] {
  if (textWidth(text, size, bold) <= width || maxLines <= 1) return [fitText(text, size, width, bold)];
  const lines: string[] = [];
  let rest = text;
  while (lines.length < maxLines - 1 && rest !== '') {
    const cut = lineEnd(rest, size, width, bold);
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest !== '') lines.push(fitText(rest, size, width, bold));
  return lines;
}

/** Where the first line of a text ends: after the last space that fits, else after the last character that fits. */
function lineEnd(text: string, size: number, width: number, bold: boolean): number {
  let used = 0;
  let lastSpace = -1;
  let k = 0;
  for (const ch of text) {
    const w = textWidth(ch, size, bold);
    if (used + w > width) break;
    used += w;
    k += ch.length;
    if (ch === ' ' || ch === '-' || ch === '_' || ch === '/') lastSpace = k;
  }
  if (k >= text.length) return text.length;
  return lastSpace > 0 ? lastSpace : Math.max(1, k);
}

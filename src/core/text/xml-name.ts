/**
 * XML 1.0 (fifth edition) names, as Namespaces in XML 1.0 restricts them:
 * an element or attribute name is a QName, a prefix and a local part that
 * are each an NCName (a Name without a colon), so at most one colon, never
 * first or last. The reader checks every name it keeps, and the writers
 * check again before writing one (defence in depth): a name that is not one
 * makes the whole file not well-formed.
 */

const NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;

// Combining marks (U+0300–U+036F) are NameChars of their own here, as XML says, not parts of a character.
// eslint-disable-next-line no-misleading-character-class
const NCNAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*$`, 'u');
/** Most names are ASCII: one cheap test first. */
const ASCII_NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** True when `s` is an NCName: a Name without a colon. */
export function isNcName(s: string): boolean {
  return ASCII_NCNAME.test(s) || NCNAME.test(s);
}

/** True when `s` is a QName: `local` or `prefix:local`, both NCNames. */
export function isQName(s: string): boolean {
  const colon = s.indexOf(':');
  if (colon < 0) return isNcName(s);
  return isNcName(s.slice(0, colon)) && isNcName(s.slice(colon + 1));
}

/** Why `s` is not a QName, in words for a message ('' when it is one). */
export function whyNotQName(s: string): string {
  if (isQName(s)) return '';
  if (s === '') return 'it is empty';
  const colons = s.split(':').length - 1;
  if (colons > 1) return 'it has more than one colon';
  if (s.startsWith(':') || s.endsWith(':')) return 'it starts or ends with a colon';
  for (const c of s) {
    const code = c.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f)
      return `it holds the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  for (const part of s.split(':')) {
    if (!NCNAME.test(part)) {
      const first = [...part][0] ?? '';
      if (!new RegExp(`^[${NAME_START}]`, 'u').test(first)) return `a name cannot start with "${first}"`;
      // eslint-disable-next-line no-misleading-character-class
      const bad = [...part].find((c) => !new RegExp(`^[${NAME_CHAR}]$`, 'u').test(c)) ?? '';
      return `a name cannot hold "${bad}"`;
    }
  }
  return 'it is not an XML name';
}

/** A name as it may be shown in a message: control characters written as `\u{…}`. */
export function showName(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
}

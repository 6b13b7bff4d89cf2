/**
 * Resolves XML character references in text. Only the five predefined
 * entities and numeric references are resolved: no DTD entity is ever
 * expanded (that is how external-entity and billion-laughs attacks work), so
 * an unknown `&name;` is kept literally and reported.
 */

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export interface EntityDefect {
  /** Offset within the decoded input string. */
  at: number;
  message: string;
}

/**
 * Decodes `raw`; each defect (a raw `&`, an unknown or invalid reference) is
 * passed to `onDefect` with its offset in `raw`, and the text is kept as written.
 */
export function decodeEntities(raw: string, onDefect: (d: EntityDefect) => void): string {
  let amp = raw.indexOf('&');
  if (amp === -1) return raw;
  // The common case in URLs, `&amp;` only: a native replace gives one flat
  // string (a built-up one would be flattened again, slowly, at every join).
  const quick = raw.replaceAll('&amp;', '&');
  if (quick.indexOf('&') === -1) return quick;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    out += raw.slice(from, amp);
    const semi = raw.indexOf(';', amp + 1);
    // A reference is short; a far-away ';' means this '&' was never one.
    const ref = semi !== -1 && semi - amp <= 12 ? raw.slice(amp + 1, semi) : '';
    const value = ref ? resolveReference(ref) : undefined;
    if (value !== undefined) {
      out += value;
      from = semi + 1;
    } else {
      if (ref && /^[A-Za-z_][\w.-]*$/.test(ref)) {
        onDefect({ at: amp, message: `undefined entity &${ref}; (kept as written, never expanded)` });
      } else {
        onDefect({ at: amp, message: 'a raw "&" that should be written "&amp;"' });
      }
      out += '&';
      from = amp + 1;
    }
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

function resolveReference(ref: string): string | undefined {
  const named = PREDEFINED[ref];
  if (named !== undefined) return named;
  if (ref.charCodeAt(0) !== 35 /* # */) return undefined;
  const hex = ref[1] === 'x' || ref[1] === 'X';
  const digits = ref.slice(hex ? 2 : 1);
  if (digits === '' || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return undefined;
  const code = parseInt(digits, hex ? 16 : 10);
  if (!isXmlChar(code)) return undefined;
  return String.fromCodePoint(code);
}

/** XML 1.0 Char production. */
export function isXmlChar(code: number): boolean {
  return (
    code === 0x9 || code === 0xa || code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

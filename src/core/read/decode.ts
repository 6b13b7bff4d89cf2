/**
 * Bytes to text. The output is always a JS string; what the file was encoded
 * in is reported because sitemaps must be UTF-8.
 */
export interface Decoded {
  text: string;
  /** The encoding label the bytes were decoded from, e.g. 'utf-8', 'utf-16le', 'windows-1251'. */
  encoding: string;
  /** Plain-language notes for the `encoding` rule; empty when the file is clean UTF-8. */
  notes: string[];
  /** Offset in `text` of the first replaced invalid byte sequence, or -1. */
  firstReplacement: number;
}

/** Decodes by BOM, then by the XML declaration, then as UTF-8. */
export function decodeBytes(bytes: Uint8Array): Decoded {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return decodeAs(bytes.subarray(3), 'utf-8', []);
  if (b0 === 0xff && b1 === 0xfe)
    return decodeAs(bytes.subarray(2), 'utf-16le', ['the file is UTF-16 (little-endian); sitemaps must be UTF-8']);
  if (b0 === 0xfe && b1 === 0xff)
    return decodeAs(bytes.subarray(2), 'utf-16be', ['the file is UTF-16 (big-endian); sitemaps must be UTF-8']);
  if (b0 === 0x3c && b1 === 0x00 && bytes[2] === 0x3f && bytes[3] === 0x00) {
    return decodeAs(bytes, 'utf-16le', [
      'the file is UTF-16 (little-endian, no byte order mark); sitemaps must be UTF-8',
    ]);
  }
  if (b0 === 0x00 && b1 === 0x3c && bytes[2] === 0x00 && bytes[3] === 0x3f) {
    return decodeAs(bytes, 'utf-16be', ['the file is UTF-16 (big-endian, no byte order mark); sitemaps must be UTF-8']);
  }
  const declared = declaredEncoding(bytes);
  if (declared && !isUtf8Label(declared)) {
    let decoder: TextDecoder | undefined;
    try {
      decoder = new TextDecoder(declared);
    } catch {
      decoder = undefined;
    }
    if (decoder && decoder.encoding !== 'utf-8') {
      return decodeAs(bytes, decoder.encoding, [`the file declares encoding "${declared}"; sitemaps must be UTF-8`]);
    }
    if (!decoder) {
      const decoded = decodeAs(bytes, 'utf-8', []);
      decoded.notes.unshift(`the file declares the unknown encoding "${declared}"; it was read as UTF-8`);
      return decoded;
    }
  }
  return decodeAs(bytes, 'utf-8', []);
}

function decodeAs(bytes: Uint8Array, encoding: string, notes: string[]): Decoded {
  // Clean files are the rule: a fatal decoder proves it in one pass.
  try {
    const text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, encoding, notes, firstReplacement: -1 };
  } catch {
    const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
    const firstReplacement = text.indexOf('\uFFFD');
    notes.push(`invalid ${encoding.toUpperCase()} byte sequences were replaced with "\uFFFD"`);
    return { text, encoding, notes, firstReplacement };
  }
}

/** True for the labels of UTF-8 itself. */
export function isUtf8Label(label: string): boolean {
  const l = label.toLowerCase();
  return l === 'utf-8' || l === 'utf8' || l === 'unicode-1-1-utf-8';
}

/** The encoding named in `<?xml ... encoding="..."?>` at the start, if any. */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  // The declaration is ASCII in every ASCII-compatible encoding.
  let head = '';
  const n = Math.min(bytes.length, 256);
  for (let i = 0; i < n; i++) head += String.fromCharCode(bytes[i] as number);
  const m = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return m?.[1];
}

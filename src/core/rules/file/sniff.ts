/** What a file is, judged by its bytes rather than its name. */
type ByteKind = 'gzip' | 'zip' | 'empty' | 'binary' | 'textual';

export interface ByteSniff {
  kind: ByteKind;
  /** For binary files, what they look like ("a PNG image"). */
  label?: string;
}

const MAGIC: [number[], string][] = [
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x42, 0x5a, 0x68], 'a bzip2 archive (use gzip or zip)'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a], 'an xz archive (use gzip or zip)'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7-Zip archive (use gzip or zip)'],
  [[0x52, 0x61, 0x72, 0x21], 'a RAR archive (use gzip or zip)'],
  [[0x28, 0xb5, 0x2f, 0xfd], 'a Zstandard archive (use gzip or zip)'],
];

export function sniffBytes(bytes: Uint8Array): ByteSniff {
  if (bytes.length === 0) return { kind: 'empty' };
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return { kind: 'gzip' };
  if (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 3 || bytes[2] === 5) &&
    (bytes[3] === 4 || bytes[3] === 6)
  )
    return { kind: 'zip' };
  for (const [magic, label] of MAGIC) {
    if (magic.every((b, i) => bytes[i] === b)) return { kind: 'binary', label };
  }
  if (looksUtf16(bytes)) return { kind: 'textual' };
  const n = Math.min(bytes.length, 4096);
  let control = 0;
  let nul = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    if (b === 0) nul++;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12) control++;
  }
  // A stray NUL in what starts as a sitemap is a defect to locate, not a
  // binary file: our own export once wrote one, and refusing the file hid where.
  if (nul > 0 && !(startsLikeSitemap(bytes) && nul <= Math.max(8, n / 100)))
    return { kind: 'binary', label: 'a binary file' };
  if (control > n / 20) return { kind: 'binary', label: 'a binary file' };
  return { kind: 'textual' };
}

/** `<` (an XML declaration or a root element) or an http(s) URL first, after a UTF-8 BOM and white space. */
function startsLikeSitemap(b: Uint8Array): boolean {
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (i < b.length && (b[i] === 32 || b[i] === 9 || b[i] === 10 || b[i] === 13)) i++;
  if (b[i] === 0x3c)
    return b[i + 1] === 0x3f || (b[i + 1] !== undefined && /[A-Za-z]/.test(String.fromCharCode(b[i + 1] as number)));
  // spread-ok: four bytes
  return String.fromCharCode(...b.subarray(i, i + 4)) === 'http';
}

function looksUtf16(b: Uint8Array): boolean {
  return (
    (b[0] === 0xff && b[1] === 0xfe) ||
    (b[0] === 0xfe && b[1] === 0xff) ||
    (b[0] === 0x3c && b[1] === 0) ||
    (b[0] === 0 && b[1] === 0x3c)
  );
}

/** What decoded text holds. */
export type TextKind = 'xml' | 'html' | 'csv' | 'text' | 'empty';

/** Judges decoded text: XML (sitemap or not), HTML, CSV/TSV, or a text sitemap. */
export function sniffText(text: string, name: string): TextKind {
  const head = text.slice(0, 4096);
  const trimmed = head.replace(/^[\s\uFEFF]+/, '');
  if (trimmed === '' && text.trim() === '') return 'empty';
  if (/<(?:[\w-]+:)?(?:urlset|sitemapindex)[\s>/]/.test(head)) return 'xml';
  if (/^<!doctype\s+html/i.test(trimmed) || /^<html[\s>]/i.test(trimmed)) return 'html';
  if (trimmed.startsWith('<')) return 'xml';
  if (/\.(csv|tsv)$/i.test(name)) return 'csv';
  const firstLine = trimmed.split(/\r?\n/, 1)[0] ?? '';
  if (/[,\t;]/.test(firstLine) && /(^|[,\t;"\s])(loc|url|urls|address|link|page)(["\s]*)([,\t;]|$)/i.test(firstLine))
    return 'csv';
  return 'text';
}

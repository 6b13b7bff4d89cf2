/*
 * URLs as people read them: percent-encoded UTF-8 in a path or query shown as
 * the characters it encodes (`/%C3%BCr%C3%BCnler` → `/ürünler`), as browsers
 * show IRIs in their address bar, while the files keep the encoded form.
 * Only what is safe to show is decoded: escapes of ASCII characters (`%2F`,
 * `%20`, `%25`…) keep their meaning and stay, and so do characters that
 * cannot be seen or that reorder text (controls, spaces, bidi and
 * zero-width marks, unassigned and private-use code points), so two URLs that
 * differ never read alike. Invalid UTF-8 stays encoded.
 */

/** Code points shown encoded even when decodable: invisible, spacing, bidi, unassigned, private use. */
const KEEP_ENCODED =
  /\u034f|\u1160|\u17b4|\u17b5|[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\u115f\u180e\u3164\uffa0\p{Variation_Selector}]/u;

const RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** The URL as it reads: its percent-encoded UTF-8 decoded where that is safe. The same string when there is none. */
export function readableUrl(url: string): string {
  // The grid draws every visible cell with it: most URLs have no escape at all.
  if (url.indexOf('%') < 0) return url;
  return url.replace(RUN, decodeRun);
}

function hex(run: string, k: number): number {
  return parseInt(run.slice(k * 3 + 1, k * 3 + 3), 16);
}

/** One run of escapes: each well-formed UTF-8 sequence of a character safe to show decoded, the rest as written. */
function decodeRun(run: string): string {
  const n = run.length / 3;
  let out = '';
  let k = 0;
  while (k < n) {
    const b = hex(run, k);
    const len = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let cp = len === 2 ? b & 0x1f : len === 3 ? b & 0x0f : b & 0x07;
    let ok = len > 0 && k + len <= n;
    for (let j = 1; ok && j < len; j++) {
      const c = hex(run, k + j);
      if ((c & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
    if (
      ok &&
      ((len === 3 && cp < 0x800) || (len === 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
    )
      ok = false;
    const ch = ok ? String.fromCodePoint(cp) : '';
    if (ok && !KEEP_ENCODED.test(ch)) {
      out += ch;
      k += len;
    } else {
      const take = ok ? len : 1;
      out += run.slice(k * 3, (k + take) * 3);
      k += take;
    }
  }
  return out;
}

/** A text's non-ASCII characters as percent-encoded UTF-8 (upper-case hex, as encodeURI writes them). */
export function encodeNonAscii(text: string): string {
  let out = '';
  for (const ch of text) out += ch.charCodeAt(0) < 0x80 ? ch : encodeURIComponent(ch);
  return out;
}

/**
 * The forms a text typed to find a URL may take in the files: as typed, and
 * with its non-ASCII characters encoded (`ürün` also finds `%C3%BCr%C3%BCn`)
 * or its encoded UTF-8 read (`%C3%BC` also finds a raw `ü`). One form when
 * the text has neither.
 */
export function urlTextForms(text: string): string[] {
  const forms = [text];
  const encoded = encodeNonAscii(text);
  if (encoded !== text) forms.push(encoded);
  const decoded = readableUrl(text);
  if (decoded !== text && !forms.includes(decoded)) forms.push(decoded);
  return forms;
}

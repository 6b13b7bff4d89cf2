import { beat } from '../base/beat';
import { GIVE_UP, giveUp, SITEMAP, SITEMAPINDEX, startsWithMarkup, URL, URLSET } from './byte-cursor';
import { isNameStart } from './byte-text';
import { declaredEncoding, isUtf8Label } from './decode';
import type { XmlReadResult, XmlReadTarget } from './read-target';
import { SITEMAP_OPEN, tagAt, URL_OPEN } from './byte-words';
import { VALUE_WHITESPACE } from '../rules/loc/loc-rules';
import { ByteEntries } from './byte-entries';

/**
 * The byte reader: reads a sitemap from its UTF-8 bytes, without decoding the
 * file to a string. Values are gathered as bytes and decoded a batch at a
 * time (see byte-rows.ts); lines and columns are counted as the string reader
 * counts them (UTF-16 code units; LF, CRLF and a lone CR are one line end).
 *
 * What it reads: a urlset or sitemapindex (in the sitemap namespace, or a
 * wrong or missing one, said as the string reader says it), its entries'
 * fields on a fast lane of bytes; references, CDATA, comments, a stray `<`,
 * a DOCTYPE and extension elements on a slow lane that decodes just those
 * pieces and reads them with the string reader's own rules and messages
 * (byte-text.ts, byte-ext.ts). What it gives up (another encoding, and the
 * defects that make the string reader mend the tree: bare text, truncation,
 * a nested or mismatched tag, a foreign or prefixed root) is the string
 * reader's: this one returns null before touching the target, `GIVE_UP.why`
 * says why, and readSitemapXml reads the file again, so every guarantee of
 * that reader holds for every file.
 */
export function readSitemapBytes(bytes: Uint8Array, target: XmlReadTarget): XmlReadResult | null {
  if (!startsWithMarkup(bytes)) {
    GIVE_UP.why = 'not XML markup';
    return null;
  }
  const reader = new ByteReader(bytes);
  try {
    reader.read();
  } catch (e) {
    if (e === GIVE_UP) return null;
    throw e;
  }
  return reader.commit(target);
}
// Local, not imported: run through tsx, an imported constant is a getter call
// on every use (measured: a tenth of the read).
const LT = 60;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;

class ByteReader extends ByteEntries {
  read(): void {
    if (this.docStart === 0) {
      const declared = declaredEncoding(this.b);
      if (declared !== undefined && !isUtf8Label(declared)) giveUp('another encoding');
    }
    let pos = this.misc(this.docStart, true);
    const b = this.b;
    let root: Uint8Array;
    if (this.isName(pos + 1, URLSET)) root = URLSET;
    else if (this.isName(pos + 1, SITEMAPINDEX)) root = SITEMAPINDEX;
    else giveUp('a root element other than <urlset> or <sitemapindex>');
    this.kind = root === URLSET ? 'urlset' : 'sitemapindex';
    pos = this.rootAttributes(pos + 1 + root.length, this.kind);
    const entry = root === URLSET ? URL : SITEMAP;
    const entryOpen = root === URLSET ? URL_OPEN : SITEMAP_OPEN;
    while (!this.rootEmpty) {
      // One file may hold a million entries: a beat per entry (core/beat.ts).
      beat();
      pos = this.blank(pos);
      if (b[pos] !== LT) giveUp('text in the root');
      const c = b[pos + 1];
      if (c === SLASH) {
        if (!this.isTag(pos + 2, root)) giveUp('an end tag that does not match');
        pos += 3 + root.length;
        break;
      }
      if (c === BANG) pos = this.comment(pos);
      else if (tagAt(this.view, this.n, pos + 1, entryOpen)) pos = this.entry(pos, entry);
      else if (isNameStart(c)) pos = this.skippedElement(pos, this.kind, false);
      else giveUp('markup in the root the string reader mends');
    }
    pos = this.misc(pos, false);
    if (pos < this.n) giveUp('text or markup after the root');
  }
  /** Writes what was read into the target: only once the whole file was read. */
  commit(target: XmlReadTarget): XmlReadResult {
    const rows = this.rows;
    rows.finish();
    if (this.kind === 'sitemapindex') {
      for (let r = 0; r < rows.count; r++) {
        target.sitemaps.push({
          file: target.fileIndex,
          loc: rows.loc.valueOf(r),
          lastmod: rows.lastmod.valueOf(r),
          line: rows.line[r] as number,
          column: rows.column[r] as number,
          child: -1,
        });
      }
    } else rows.pushTo(target.rows, target.fileIndex);
    const trim =
      this.trims.count > 0
        ? {
            rule: VALUE_WHITESPACE,
            detail: this.trims.message(),
            line: this.trimLine,
            column: this.trimColumn,
          }
        : undefined;
    this.flushProblems(target.fileName, target.problems, trim);
    return { kind: this.kind, count: rows.count };
  }

  // ---- structure -------------------------------------------------------

  /**
   * White space, comments and processing instructions before or after the
   * root; returns where the first other thing starts (the root's `<`).
   */
  protected misc(pos: number, beforeRoot: boolean): number {
    const b = this.b;
    for (;;) {
      pos = this.blank(pos);
      if (pos >= this.n) {
        if (beforeRoot) giveUp('no root element');
        return pos;
      }
      if (b[pos] !== LT) giveUp('text outside the root');
      const c = b[pos + 1];
      if (c === BANG) pos = beforeRoot && this.isDoctype(pos) ? this.doctype(pos) : this.comment(pos);
      else if (c === QUESTION) pos = this.pi(pos, beforeRoot);
      else if (beforeRoot) return pos;
      else giveUp('markup after the root the string reader says');
    }
  }
}

import { isAllowed, type AllowedScope } from '../rules/loc/location';
import { fieldMasks } from '../check/field-masks';
import { locMask } from '../rules/loc/loc-mask';
import { newsCount } from '../rows/ext-read';
import { makeProblem, placeOf } from '../rules/problem';
import { ruleFor } from '../rules/registry';
import type { UrlRows } from '../rows/rows';
import { EXT_RULES_BIT, type Clock, type Severity } from '../rules/rule';
import type { RuleCode } from '../rules/registry';
import { LocHashSet } from './loc-hash-set';
import { LocScanner } from '../rules/loc/loc-scan';
import type { PlainLocCopier } from '../write/write-xml';
import { OriginCounter } from './origin-counter';
import type { StreamCounts, StreamExample } from './stream-types';
import { LOC_DUPLICATE, LOC_NOT_ALLOWED, LOC_BIT, LOC_UNUSABLE } from '../rules/loc/loc-rules';
import {
  EXT_RULES,
  type ExtRuleCode,
  ROW_RULES,
  ROW_RULE_MASK,
  type RowRuleCode,
  lowestBit,
  severityOfBit,
  severityOfExtBit,
} from '../rules/bits';
import { describeLoc } from '../rules/loc/loc-words';
import { describeExt, describeRowRule, extOwnMask } from '../rules/modules';
import { NewsPerFile } from '../rules/news/news';

/** Occurrences per code and per severity. */
class Tally implements StreamCounts {
  readonly counts = { error: 0, warning: 0, info: 0 };
  readonly byCode: Partial<Record<RuleCode, number>> = {};

  add(code: RuleCode, severity: Severity, by = 1): void {
    this.byCode[code] = (this.byCode[code] ?? 0) + by;
    this.counts[severity] += by;
  }
}

/** The first few located examples of each code, in order of first appearance of the code. */
export class ExampleBook {
  private readonly byCode = new Map<RuleCode, StreamExample[]>();

  constructor(readonly perCode: number) {}

  wants(code: RuleCode): boolean {
    return (this.byCode.get(code)?.length ?? 0) < this.perCode;
  }

  add(example: StreamExample): void {
    let list = this.byCode.get(example.code);
    if (!list) {
      list = [];
      this.byCode.set(example.code, list);
    }
    if (list.length < this.perCode) list.push(example);
  }

  list(): StreamExample[] {
    return [...this.byCode.values()].flat();
  }
}

export interface RowCheckConfig {
  clock: Clock;
  scope: AllowedScope | null;
  siteUrl: string;
  duplicates: boolean;
  /** URLs the duplicate set is sized for at first (see StreamOptions.expectedUrls). */
  expectedUrls?: number;
  /** Where examples go; null to count only. */
  examples: ExampleBook | null;
}

const DUPLICATE_SEVERITY = LOC_DUPLICATE.severity;

/**
 * The row rules of the table path (check-set.ts) over rows that arrive a
 * chunk at a time and are then forgotten: each row's own rules (the
 * fields' by column, `fieldMasks`, and the loc's, `locMask`, which a clean
 * loc passes without a string: loc-scan.ts), loc-duplicate against every URL seen before (as hashes),
 * and loc-not-allowed against the Site URL's scope, or, without one, against
 * the most common origin, settled in {@link finish}.
 */
export class RowChecker {
  readonly tally = new Tally();
  private readonly seen: LocHashSet | null;
  private readonly origins: OriginCounter | null;
  private readonly scan = new LocScanner(true);
  /** Per row of the rows last checked: 1 when its loc was scanned plain in the chunk's bytes (LocScanner.plain). */
  private plainRows = new Uint8Array(1024);
  /** Per row of the rows being checked: the loc's hash (two lanes) and how often it was seen before (LocHashSet.addHash). */
  private his = new Int32Array(1024);
  private los = new Int32Array(1024);
  private repeats = new Uint8Array(1024);

  /**
   * For the writer (UrlsetWriter.plainLocs): copies the loc of row `i` of
   * the rows last checked from the bytes it was scanned in, when it was
   * plain there and is still that range of that chunk (a fix sets a new value
   * apart); -1 else. A loop: `set` of a subarray costs more on ~60 bytes.
   */
  readonly copyPlainLoc: PlainLocCopier = (i, text, s, e, buf, at) => {
    const scan = this.scan;
    if (this.plainRows[i] !== 1 || text !== scan.text) return -1;
    const bytes = scan.bytes;
    for (let k = s; k < e; k++) buf[at++] = bytes[k] as number;
    return at;
  };
  /** Whether row `i`'s loc is the plain range {@link copyPlainLoc} copies (a fix sets a new value apart). */
  readonly hasPlainLoc = (rows: UrlRows, i: number): boolean =>
    this.plainRows[i] === 1 && rows.loc.rawText(i) === this.scan.text;
  private seq = 0;

  constructor(private readonly cfg: RowCheckConfig) {
    this.seen = cfg.duplicates ? new LocHashSet(cfg.expectedUrls) : null;
    this.origins = cfg.scope ? null : new OriginCounter(cfg.examples?.perCode ?? 0);
  }

  /** Bytes held for duplicate detection. */
  get duplicateBytes(): number {
    return this.seen?.byteLength ?? 0;
  }

  /**
   * Checks the rows of one chunk, leaving each row's mask in `masks`. With
   * `keep`, a row repeating an earlier URL is not counted but marked 0 there
   * (it will not be written): the fix of loc-duplicate; unless `keepRepeat`
   * says it is written all the same. With `extCodes`, each row with an
   * extension rule broken gets `EXT_RULES_BIT` in its mask and its extension
   * mask there, as the table check's `CheckResult.extCodes`: what the fixes read.
   */
  check(
    rows: UrlRows,
    fileName: string,
    masks: Uint32Array,
    keep: Uint8Array | null,
    keepRepeat?: (i: number) => boolean,
    extCodes?: Map<number, number>,
  ): void {
    const { clock, scope, examples } = this.cfg;
    const n = rows.length;
    this.reserve(n);
    // The rules of every field but loc, column by column (each distinct value judged once).
    const fields = fieldMasks(rows, clock);
    this.scanLocs(rows, fields, masks);
    const seen = this.seen;
    if (seen !== null) this.probe(seen, masks, n);
    const scan = this.scan;
    const locs = rows.loc;
    const exts = rows.ext;
    const repeats = this.repeats;
    // Locals: run through tsx, an imported binding is a getter call on every use.
    const unusable = LOC_UNUSABLE;
    const notAllowed = LOC_BIT.notAllowed;
    const duplicate = LOC_BIT.duplicate;
    const prefix = scope?.prefix ?? '';
    for (let i = 0; i < n; i++) {
      const seq = this.seq++;
      let m = masks[i] as number;
      const before = repeats[i] as number;
      if (before > 0) {
        // A repeat the caller keeps (it has elements of its own, stream-merge.ts) is written and counted.
        if (keep && !keepRepeat?.(i)) {
          keep[i] = 0;
          masks[i] = 0;
          continue;
        }
        m |= duplicate;
        // The table path counts every copy: the first one counts when its second appears.
        this.tally.add(LOC_DUPLICATE.code, DUPLICATE_SEVERITY, before === 1 ? 2 : 1);
      }
      const text = locs.rawText(i);
      const start = locs.rawStart(i);
      const end = locs.rawEnd(i);
      let loc: string | null = null;
      if (!(m & unusable)) {
        if (scope) {
          // Nearly every loc starts with the Site URL: compared in the chunk's bytes, no string.
          if (!scan.startsWith(text, start, end, prefix) && !isAllowed((loc = text.slice(start, end)), scope))
            m |= notAllowed;
        } else {
          loc = text.slice(start, end);
          const at = loc;
          const wants = examples !== null && examples.wants(LOC_NOT_ALLOWED.code);
          (this.origins as OriginCounter).add(
            at,
            wants
              ? () => ({ seq, loc: at, file: fileName, line: rows.line[i] as number, column: rows.column[i] as number })
              : null,
          );
        }
      }
      masks[i] = m;
      if (m !== 0) this.count(m, rows, i, fileName);
      const ext = exts[i];
      if (ext === undefined) continue;
      const extMask = this.checkExt(loc ?? text.slice(start, end), ext, rows, i, fileName);
      if (extMask !== 0 && extCodes) {
        extCodes.set(i, extMask);
        masks[i] = m | EXT_RULES_BIT;
      }
    }
  }

  /** Room for `n` rows in the per-row arrays. */
  private reserve(n: number): void {
    if (this.plainRows.length >= n) return;
    this.plainRows = new Uint8Array(n * 2);
    this.his = new Int32Array(n * 2);
    this.los = new Int32Array(n * 2);
    this.repeats = new Uint8Array(n * 2);
  }

  /**
   * Each loc's bytes once, for its hash and the clean test (a clean loc has
   * no defect of its own, locMask's fast path: only the others need a
   * string): leaves each row's own mask in `masks`, its hash in his/los and
   * whether it is plain in plainRows.
   */
  private scanLocs(rows: UrlRows, fields: ArrayLike<number>, masks: Uint32Array): void {
    const scan = this.scan;
    const locs = rows.loc;
    const plain = this.plainRows;
    const his = this.his;
    const los = this.los;
    for (let i = 0; i < rows.length; i++) {
      const text = locs.rawText(i);
      const start = locs.rawStart(i);
      const end = locs.rawEnd(i);
      scan.scanWide(text, start, end);
      plain[i] = scan.plain ? 1 : 0;
      his[i] = scan.hi;
      los[i] = scan.lo;
      let m = fields[i] as number;
      if (!scan.clean) m |= locMask(text.slice(start, end));
      masks[i] = m;
    }
  }

  /**
   * The duplicate set's answer for every row with a loc, in row order, in a
   * loop of its own: each probe is a cache miss in a table of many MiB, and
   * with nothing else in the loop the processor has several under way at
   * once (in the row loop they came one after another: half the check's time).
   */
  private probe(seen: LocHashSet, masks: Uint32Array, n: number): void {
    const his = this.his;
    const los = this.los;
    const repeats = this.repeats;
    const locMissing = LOC_BIT.missing;
    for (let i = 0; i < n; i++)
      repeats[i] = (masks[i] as number) & locMissing ? 0 : seen.addHash(his[i] as number, los[i] as number);
  }

  /** News entries per file (news-too-many), by file name. */
  readonly news = new NewsPerFile<string>();

  /**
   * The extension rules of one row that depend on it alone (ext-rules.ts).
   * hreflang-not-reciprocal is not checked here: whether an alternate links
   * back needs every row's alternates at hand, which is what this path does
   * not keep.
   */
  private checkExt(
    loc: string,
    ext: NonNullable<UrlRows['ext'][number]>,
    rows: UrlRows,
    i: number,
    fileName: string,
  ): number {
    const n = newsCount(ext);
    if (n > 0) this.news.add(fileName, n);
    const mask = extOwnMask(loc, ext, this.cfg.clock);
    const examples = this.cfg.examples;
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const b = lowestBit(rest);
      const code = EXT_RULES[b] as ExtRuleCode;
      const severity = severityOfExtBit(b);
      this.tally.add(code, severity);
      if (examples !== null && examples.wants(code)) {
        const example: StreamExample = makeProblem(
          ruleFor(code),
          describeExt(code, loc, ext),
          { ...placeOf(fileName, rows.line[i] ?? 0, rows.column[i] ?? 0), field: 'ext' },
          severity,
        );
        example.loc = loc;
        examples.add(example);
      }
    }
    return mask;
  }

  private count(mask: number, rows: UrlRows, i: number, fileName: string): void {
    const examples = this.cfg.examples;
    for (let rest = mask & ROW_RULE_MASK; rest !== 0; rest &= rest - 1) {
      const b = lowestBit(rest);
      const code = ROW_RULES[b] as RowRuleCode;
      const severity = severityOfBit(b, mask);
      if (code !== LOC_DUPLICATE.code) this.tally.add(code, severity);
      if (examples !== null && examples.wants(code)) {
        const { detail, field } = describeRowRule(code, rows, i, {
          siteUrl: this.cfg.siteUrl || undefined,
          allowed: this.cfg.scope?.prefix,
        });
        const example: StreamExample = makeProblem(
          ruleFor(code),
          detail,
          { ...placeOf(fileName, rows.line[i] ?? 0, rows.column[i] ?? 0), field },
          severity,
        );
        example.loc = rows.loc.get(i);
        examples.add(example);
      }
    }
  }

  /** Settles loc-not-allowed without a Site URL, once every origin is counted. */
  finish(): void {
    if (!this.origins) return;
    const { majority, off, examples } = this.origins.result(this.cfg.examples?.perCode ?? 0);
    if (off === 0) return;
    const severity = LOC_NOT_ALLOWED.severity;
    this.tally.add(LOC_NOT_ALLOWED.code, severity, off);
    for (const e of examples) {
      const example: StreamExample = makeProblem(
        LOC_NOT_ALLOWED,
        describeLoc(LOC_NOT_ALLOWED.code, e.loc, { majority }),
        { ...placeOf(e.file, e.line, e.column), field: 'loc' },
        severity,
      );
      example.loc = e.loc;
      this.cfg.examples?.add(example);
    }
  }
}

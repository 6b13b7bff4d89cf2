/*
 * Duplicates on the streaming path (stream --fix), where a chunk's rows are
 * written and forgotten before the next chunk is read, so a copy of a URL
 * written in an earlier chunk can no longer be merged into it:
 * - copies within one chunk are merged as the table path merges them
 *   (merge-duplicates.ts: the first copy kept, every element once, values
 *   by the rule, a differing news entry kept apart);
 * - a later copy of a URL written before keeps only its extension elements
 *   not written with that URL already (a 63-bit hash of loc and element per
 *   element written, ~13 bytes each); with some left it is written as an
 *   entry of its own (the URL then appears twice in the output, reported),
 *   with none left it is not written: nothing it had is lost but its
 *   lastmod, changefreq and priority, which cannot be compared with those
 *   written (counted).
 */
import { canonicalKey, extKind, noExtCounts, type ExtCounts } from '../fix/ext-canonical';
import {
  DEFAULT_MERGE_RULE,
  MAX_CONFLICT_EXAMPLES,
  mergeSourceOf,
  planMergeDuplicates,
  type MergeReport,
  type MergeRule,
} from '../fix/merge-duplicates';
import { applyChanges, applyExtChanges } from '../rows/changes';
import type { UrlRows } from '../rows/rows';
import type { ExtElement } from '../rows/types';
import { LocHashSet } from './loc-hash-set';
import { LocScanner } from '../rules/loc/loc-scan';

/** What the streaming path did with duplicates (see the file's comment). */
export interface StreamDuplicates {
  /** Copies merged within a chunk, as the table path reports them. */
  merged: MergeReport;
  /** Later copies written as entries of their own, with the elements they alone had. */
  writtenApart: number;
  /** Those elements, by kind. */
  writtenApartElements: ExtCounts;
  /** Later copies not written: every element they had was written with the URL already. */
  dropped: number;
  /** Elements of later copies already written with their URL, left out. */
  identical: number;
}

export class StreamMerger {
  private readonly written = new LocHashSet();
  /** Hashes the elements' keys (LocScanner: one hash for every text of the streaming path). */
  private readonly hasher = new LocScanner(true);
  readonly report: StreamDuplicates;

  constructor(private readonly rule: MergeRule = DEFAULT_MERGE_RULE) {
    this.report = {
      merged: {
        rule,
        urls: 0,
        removed: 0,
        moved: noExtCounts(),
        identical: 0,
        conflicts: 0,
        conflictExamples: [],
        keptApartTotal: 0,
        keptApart: [],
      },
      writtenApart: 0,
      writtenApartElements: noExtCounts(),
      dropped: 0,
      identical: 0,
    };
  }

  /** Bytes of the hashes of the elements written. */
  get byteLength(): number {
    return this.written.byteLength;
  }

  /**
   * Merges the copies of one chunk into their first row (changing the rows)
   * and returns a mark for each copy merged away (1: not to be written).
   */
  mergeChunk(rows: UrlRows): Uint8Array {
    const merged = new Uint8Array(rows.length);
    const positions = Array.from({ length: rows.length }, (_, i) => i);
    const plan = planMergeDuplicates(mergeSourceOf(rows), positions, { rule: this.rule });
    if (plan.removeRows.length === 0 && plan.report.keptApartTotal === 0) return merged;
    applyChanges(rows, plan.changes, 'forward');
    applyExtChanges(rows, plan.extChanges, 'forward');
    const removed = new Set(plan.removeRows);
    for (let i = 0; i < rows.length; i++) if (removed.has(rows.id[i] as number)) merged[i] = 1;
    addReport(this.report.merged, plan.report);
    return merged;
  }

  /**
   * Takes out of each row (not merged away) the extension elements already
   * written with its URL, then remembers its own as written. A first
   * occurrence loses nothing: its URL had no element written before it.
   */
  stripWritten(rows: UrlRows, merged: Uint8Array): void {
    for (let i = 0; i < rows.length; i++) {
      const ext = rows.ext[i];
      if (merged[i] || ext === undefined) continue;
      const loc = rows.loc.get(i);
      const keys = ext.map((el) => `${loc}\n${canonicalKey(el)}`);
      const fresh: ExtElement[] = [];
      // Decided once per element: a row listing one image twice keeps both, as the table path does.
      const isFresh = new Map<string, boolean>();
      keys.forEach((key, k) => {
        let f = isFresh.get(key);
        if (f === undefined) isFresh.set(key, (f = this.isNew(key)));
        if (f) fresh.push(ext[k] as ExtElement);
      });
      if (fresh.length === ext.length) continue;
      this.report.identical += ext.length - fresh.length;
      rows.ext[i] = fresh.length > 0 ? fresh : undefined;
    }
  }

  /** Remembers `key` as written; whether it was not before. */
  private isNew(key: string): boolean {
    const h = this.hasher;
    h.scanWide(key, 0, key.length);
    return this.written.addHash(h.hi, h.lo) === 0;
  }

  /** A row repeating a URL written before, about to be written (true) or left out (false). */
  keepRepeat(rows: UrlRows, i: number, merged: Uint8Array): boolean {
    if (merged[i]) return false;
    const ext = rows.ext[i];
    if (ext === undefined) {
      this.report.dropped++;
      return false;
    }
    this.report.writtenApart++;
    for (const el of ext) this.report.writtenApartElements[extKind(el)]++;
    return true;
  }
}

function addReport(into: MergeReport, r: MergeReport): void {
  into.urls += r.urls;
  into.removed += r.removed;
  into.identical += r.identical;
  into.conflicts += r.conflicts;
  for (const k of Object.keys(r.moved) as (keyof ExtCounts)[]) into.moved[k] += r.moved[k];
  into.keptApartTotal += r.keptApartTotal;
  for (const c of r.conflictExamples)
    if (into.conflictExamples.length < MAX_CONFLICT_EXAMPLES) into.conflictExamples.push(c);
  for (const k of r.keptApart) if (into.keptApart.length < MAX_CONFLICT_EXAMPLES) into.keptApart.push(k);
}

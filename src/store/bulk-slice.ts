import type { StateCreator } from 'zustand';
import type { BulkField, ReplaceOptions } from '../core/edit/bulk';
import { ALL_SPOTS, type UrlSpot } from '../core/edit/rewrite-urls';
import type { Message } from '../core/base/message';
import { commaList, msg } from '../i18n/translator';
import type { MergeRule } from '../core/fix/merge-duplicates';
import type { UrlField } from '../core/rows/types';
import type { BlockColumn } from '../core/edit/paste-block';
import type { WorkerClient } from '../worker/client';
import type { BulkOutcome, ReplacePreview } from '../worker/protocol';
import { mergeNotice } from './merge-notice';
import type { AppState } from './app-store';
import type { BulkTarget } from './selection-slice';

export type { BulkTarget } from './selection-slice';

export interface BulkSlice {
  /** `from: 'publication-date'` copies lastmod from each row's news or video publication date. */
  bulkSet: (
    target: BulkTarget,
    field: BulkField,
    value: string,
    from?: 'publication-date',
  ) => Promise<BulkOutcome | null>;
  previewReplace: (target: BulkTarget, options: ReplaceOptions, limit?: number) => Promise<ReplacePreview | null>;
  /** Resolves to the outcome; its `refused` is set when URLs would break and `force` was not. */
  /** `move`: the migration preset's origins, for the notice, and the Site URL to move to with the URLs. */
  replaceLoc: (
    target: BulkTarget,
    options: ReplaceOptions,
    force: boolean,
    move?: { from: string; to: string; siteUrl?: string },
  ) => Promise<BulkOutcome | null>;
  dedupe: (target: BulkTarget, keep: MergeRule) => Promise<BulkOutcome | null>;
  pasteColumn: (start: number, field: UrlField, values: string[]) => Promise<BulkOutcome | null>;
  /** A block of pasted columns from view position `start` down, one undo step; `invalid` values (the rules flag them) are counted in the notice. */
  pasteBlock: (start: number, columns: BlockColumn[], invalid: number) => Promise<BulkOutcome | null>;
  /** Several fields set at once in the target's rows, one undo step; `fromPublication` copies lastmod from the publication date. */
  bulkSetFields: (
    target: BulkTarget,
    values: Partial<Record<BulkField, string>>,
    fromPublication: boolean,
  ) => Promise<BulkOutcome | null>;
}

export function createBulkSlice(client: WorkerClient): StateCreator<AppState, [], [], BulkSlice> {
  return (set, get) => {
    /** Runs a change; its outcome goes to the view, a failure to the notice (with Retry when the worker was lost). */
    const change = async (
      what: Message,
      run: () => Promise<BulkOutcome>,
      done: (o: BulkOutcome) => Message | null,
      retry: () => void,
    ): Promise<BulkOutcome | null> => {
      const s = get();
      if (!s.summary || s.job || s.editTask) return null;
      try {
        const outcome = await run();
        get().applyChanged(outcome);
        const text = done(outcome);
        if (text) set({ notice: mergeNotice(text, outcome.merge) });
        return outcome;
      } catch (err) {
        get().reportFailure(what, err, retry);
        return null;
      }
    };
    const setting = msg('job.settingValues');
    const shown = (value: string) => (value === '' ? msg('value.empty') : value);

    return {
      bulkSet: (target, field, value, from) => {
        const scope = get().scopeOf(target);
        if (!scope) return Promise.resolve(null);
        const retry = () => void get().bulkSet(target, field, value, from);
        if (from) {
          return change(
            setting,
            () => client.call('bulkSet', { scope, field, value, from }),
            (o) =>
              o.changed === 0 ? msg('bulk.noPublicationDate') : msg('bulk.setFromPublication', { count: o.changed }),
            retry,
          );
        }
        return change(
          setting,
          () => client.call('bulkSet', { scope, field, value }),
          (o) =>
            o.changed === 0
              ? msg('bulk.alreadyHad', { field, value: shown(value) })
              : msg('bulk.setIn', { field, value: shown(value), count: o.changed }),
          retry,
        );
      },
      previewReplace: async (target, options, limit = 10) => {
        const scope = get().scopeOf(target);
        if (!scope || !get().summary) return null;
        return client.call('replacePreview', { scope, options, limit });
      },
      replaceLoc: async (target, options, force, move) => {
        const scope = get().scopeOf(target);
        if (!scope) return null;
        const say = (o: BulkOutcome): Message | null => {
          if (o.refused) return null;
          if (o.changed === 0) return msg('bulk.nothingMatched');
          // What changed where: every field a replacement across URL fields touched, with its count.
          const where = o.byField && Object.keys(o.byField).some((f) => f !== 'loc') ? fieldCounts(o.byField) : null;
          const count = o.changed;
          if (move)
            return msg('bulk.moved', {
              count,
              from: move.from,
              to: move.to,
              where: where ?? fieldCounts(o.byField ?? {}),
            });
          return where ? msg('bulk.replacedWhere', { count, where }) : msg('bulk.replacedIn', { count });
        };
        const site = move?.siteUrl;
        const outcome = await change(
          msg('job.replacing'),
          () => client.call('replace', { scope, options, force }),
          (o) => (site ? null : say(o)),
          () => void get().replaceLoc(target, options, force, move),
        );
        if (!outcome || !site || outcome.refused) return outcome;
        // The Site URL moves with the URLs; the check against it is a job, which clears the notice, so the notice comes after.
        set({ siteUrl: site });
        await get().recheck();
        const text = say(outcome);
        if (text) set({ notice: { kind: 'info', text: msg('bulk.siteUrlNow', { text, site }) } });
        return outcome;
      },
      dedupe: async (target, keep) => {
        const scope = get().scopeOf(target);
        if (!scope) return null;
        const outcome = await change(
          msg('job.removingDuplicates'),
          () => client.call('dedupe', { scope, keep }),
          (o) => (o.removed === 0 ? msg('bulk.noDuplicates') : msg('bulk.removedDuplicates', { count: o.removed })),
          () => void get().dedupe(target, keep),
        );
        // Removed rows cannot stay selected.
        if (outcome && outcome.removed > 0 && !get().selectAllView) set({ selected: new Set<number>() });
        return outcome;
      },
      pasteColumn: (start, field, values) =>
        change(
          msg('job.pasting'),
          () => client.call('pasteColumn', { start, field, values }),
          (o) => msg('bulk.pastedColumn', { values: values.length, field, count: o.changed }),
          () => void get().pasteColumn(start, field, values),
        ),
      pasteBlock: (start, columns, invalid) => {
        const values = columns.reduce((n, c) => n + c.values.length, 0);
        const into = columns.map((c) => c.field).join(', ');
        return change(
          msg('job.pasting'),
          () => client.call('pasteBlock', { start, columns }),
          (o) => {
            const pasted = msg('bulk.pastedBlock', { values, into, count: o.changed });
            return invalid > 0 ? msg('bulk.pastedFlagged', { pasted, invalid }) : pasted;
          },
          () => void get().pasteBlock(start, columns, invalid),
        );
      },
      bulkSetFields: (target, values, fromPublication) => {
        const scope = get().scopeOf(target);
        if (!scope) return Promise.resolve(null);
        const words = Object.entries(values).map(([field, value]) =>
          msg('bulk.fieldTo', { field, value: shown(value) }),
        );
        if (fromPublication) words.push(msg('bulk.lastmodFromPublication'));
        const list = commaList(words) ?? '';
        return change(
          setting,
          () => client.call('bulkSetFields', { scope, values, fromPublication }),
          (o) =>
            o.changed === 0 ? msg('bulk.alreadyHadThese', { list }) : msg('bulk.setFields', { list, count: o.changed }),
          () => void get().bulkSetFields(target, values, fromPublication),
        );
      },
    };
  };
}

/** "loc 3, image:loc 2": each URL field a change touched, with its count (the fields are the protocol's names). */
function fieldCounts(counts: Partial<Record<UrlSpot, number>>): Message | string {
  const parts = ALL_SPOTS.filter((field) => counts[field]).map((field) =>
    msg('bulk.fieldCount', { field, count: counts[field] as number }),
  );
  return commaList(parts) ?? '';
}

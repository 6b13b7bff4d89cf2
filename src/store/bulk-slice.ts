import type { StateCreator } from 'zustand';
import type { BulkField, ReplaceOptions } from '../core/edit/bulk';
import { describeCounts } from '../core/edit/rewrite-urls';
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
      what: string,
      run: () => Promise<BulkOutcome>,
      done: (o: BulkOutcome) => string | null,
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
    const cells = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

    return {
      bulkSet: (target, field, value, from) => {
        const scope = get().scopeOf(target);
        if (!scope) return Promise.resolve(null);
        const retry = () => void get().bulkSet(target, field, value, from);
        if (from) {
          return change(
            'Setting values',
            () => client.call('bulkSet', { scope, field, value, from }),
            (o) =>
              o.changed === 0
                ? 'No row had a publication date that differs from its lastmod.'
                : `Set lastmod from the publication date in ${cells(o.changed)}.`,
            retry,
          );
        }
        return change(
          'Setting values',
          () => client.call('bulkSet', { scope, field, value }),
          (o) =>
            o.changed === 0
              ? `Every row already had ${field} ${value || '(empty)'}.`
              : `Set ${field} to ${value || '(empty)'} in ${cells(o.changed)}.`,
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
        const say = (o: BulkOutcome): string | null => {
          if (o.refused) return null;
          if (o.changed === 0) return 'Nothing matched: no URL changed.';
          // What changed where: every field a replacement across URL fields touched, with its count.
          const where =
            o.byField && Object.keys(o.byField).some((f) => f !== 'loc') ? `: ${describeCounts(o.byField)}` : '';
          const urls = `${o.changed.toLocaleString('en-US')} ${o.changed === 1 ? 'URL' : 'URLs'}`;
          if (move)
            return `Moved ${urls} from ${move.from} to ${move.to}${where || `: ${describeCounts(o.byField ?? {})}`}.`;
          return where ? `Replaced ${urls}${where}.` : `Replaced in ${cells(o.changed)}.`;
        };
        const site = move?.siteUrl;
        const outcome = await change(
          'Replacing',
          () => client.call('replace', { scope, options, force }),
          (o) => (site ? null : say(o)),
          () => void get().replaceLoc(target, options, force, move),
        );
        if (!outcome || !site || outcome.refused) return outcome;
        // The Site URL moves with the URLs; the check against it is a job, which clears the notice, so the notice comes after.
        set({ siteUrl: site });
        await get().recheck();
        const text = say(outcome);
        if (text) set({ notice: { kind: 'info', text: `${text} The Site URL is now ${site}.` } });
        return outcome;
      },
      dedupe: async (target, keep) => {
        const scope = get().scopeOf(target);
        if (!scope) return null;
        const outcome = await change(
          'Removing duplicates',
          () => client.call('dedupe', { scope, keep }),
          (o) =>
            o.removed === 0
              ? 'There were no duplicate URLs.'
              : `Removed ${o.removed.toLocaleString('en-US')} duplicate ${o.removed === 1 ? 'row' : 'rows'}.`,
          () => void get().dedupe(target, keep),
        );
        // Removed rows cannot stay selected.
        if (outcome && outcome.removed > 0 && !get().selectAllView) set({ selected: new Set<number>() });
        return outcome;
      },
      pasteColumn: (start, field, values) =>
        change(
          'Pasting',
          () => client.call('pasteColumn', { start, field, values }),
          (o) =>
            `Pasted ${values.length.toLocaleString('en-US')} ${values.length === 1 ? 'value' : 'values'} into ${field}: ${cells(o.changed)} changed.`,
          () => void get().pasteColumn(start, field, values),
        ),
      pasteBlock: (start, columns, invalid) => {
        const values = columns.reduce((n, c) => n + c.values.length, 0);
        const into = columns.map((c) => c.field).join(', ');
        const flagged =
          invalid > 0
            ? ` ${invalid.toLocaleString('en-US')} pasted ${invalid === 1 ? 'value is' : 'values are'} invalid and flagged in the Problems panel.`
            : '';
        return change(
          'Pasting',
          () => client.call('pasteBlock', { start, columns }),
          (o) =>
            `Pasted ${values.toLocaleString('en-US')} ${values === 1 ? 'value' : 'values'} into ${into}: ${o.changed.toLocaleString('en-US')} ${o.changed === 1 ? 'cell' : 'cells'} changed.${flagged}`,
          () => void get().pasteBlock(start, columns, invalid),
        );
      },
      bulkSetFields: (target, values, fromPublication) => {
        const scope = get().scopeOf(target);
        if (!scope) return Promise.resolve(null);
        const words = Object.entries(values).map(([field, value]) => `${field} to ${value || '(empty)'}`);
        if (fromPublication) words.push('lastmod from the publication date');
        return change(
          'Setting values',
          () => client.call('bulkSetFields', { scope, values, fromPublication }),
          (o) =>
            o.changed === 0
              ? `Every row already had these values (${words.join(', ')}).`
              : `Set ${words.join(', ')}: ${o.changed.toLocaleString('en-US')} ${o.changed === 1 ? 'cell' : 'cells'} changed.`,
          () => void get().bulkSetFields(target, values, fromPublication),
        );
      },
    };
  };
}

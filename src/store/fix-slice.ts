import type { StateCreator } from 'zustand';
import type { RuleCode } from '../core/rules/registry';
import type { WorkerClient } from '../worker/client';
import type { FixOutcome } from '../worker/protocol';
import type { AppState } from './app-store';
import type { Notice } from './jobs-slice';
import { mergeNotice } from './merge-notice';
import type { Message } from '../core/base/message';
import { commaList, msg, verbatim } from '../i18n/translator';
import { LOC_DUPLICATE, LOC_NOT_ABSOLUTE } from '../core/rules/loc/loc-rules';

/** The automatic fixes: Fix all, and the one-click fix of one problem code. */
export interface FixSlice {
  /** Applies the automatic fixes of these codes (or all) and says what changed. */
  fixCodes: (codes: RuleCode[] | 'all') => Promise<FixOutcome | null>;
}

export function createFixSlice(client: WorkerClient): StateCreator<AppState, [], [], FixSlice> {
  return (set, get) => ({
    fixCodes: async (codes) => {
      const summary = get().summary;
      if (!summary || get().editTask || get().job) return null;
      // Relative URLs are made absolute with the Site URL: without one, say so rather than "could not be fixed".
      const relative =
        !get().siteUrl && (codes === 'all' || codes.includes(LOC_NOT_ABSOLUTE.code))
          ? (summary.byCode[LOC_NOT_ABSOLUTE.code] ?? 0)
          : 0;
      if (relative > 0 && codes !== 'all' && codes.every((c) => c === LOC_NOT_ABSOLUTE.code)) {
        set({ notice: { kind: 'error', text: needSiteUrl(relative) } });
        get().focusSiteUrl();
        return null;
      }
      set({ editTask: 'fix' });
      try {
        const outcome = await client.call('fix', { codes });
        get().applyChanged(outcome);
        const waiting = Math.min(relative, outcome.skipped);
        const fixed = describeFixes({ ...outcome, skipped: outcome.skipped - waiting });
        const text = waiting > 0 ? msg('fix.thenSiteUrl', { fixed, need: needSiteUrl(waiting) }) : fixed;
        set({ notice: withDropped(mergeNotice(text, outcome.merge, MERGE_HINT), outcome) });
        if (waiting > 0) get().focusSiteUrl();
        return outcome;
      } catch (err) {
        get().reportFailure(msg('job.fixing'), err, () => void get().fixCodes(codes));
        return null;
      } finally {
        set({ editTask: null });
      }
    },
  });
}

/** A fix's notice with every value it dropped listed in its details (nothing taken away unsaid). */
function withDropped(notice: Notice, outcome: Pick<FixOutcome, 'dropped' | 'droppedMore'>): Notice {
  const dropped = (outcome.dropped ?? []).map(verbatim);
  if (dropped.length === 0) return notice;
  const more = outcome.droppedMore > 0 ? [msg('fix.droppedMore', { count: outcome.droppedMore })] : [];
  return { ...notice, details: [...(notice.details ?? []), ...dropped, ...more] };
}

/** What Fix all of loc-not-absolute needs first, in words. */
export function needSiteUrl(relative: number): Message {
  return msg('fix.needSiteUrl', { count: relative });
}

/**
 * "Fixed 12 × lastmod-format, removed 3 duplicate rows; 2 could not be fixed
 * safely": every repair is listed (SPEC §4), none is silent.
 */
export function describeFixes(outcome: Pick<FixOutcome, 'applied' | 'removedRows' | 'skipped'>): Message {
  const parts: Message[] = [];
  for (const [code, n] of Object.entries(outcome.applied) as [RuleCode, number][]) {
    // Duplicates are reported as the rows removed, below.
    if (code === LOC_DUPLICATE.code || !n) continue;
    parts.push(msg('fix.codeTimes', { count: n, code }));
  }
  const codes = commaList(parts);
  const removed = outcome.removedRows;
  const done = codes
    ? removed > 0
      ? msg('fix.fixedAndRemoved', { codes, removed })
      : msg('fix.fixed', { codes })
    : removed > 0
      ? msg('fix.removed', { removed })
      : msg('fix.nothing');
  return outcome.skipped > 0 ? msg('fix.skipped', { done, skipped: outcome.skipped }) : msg('fix.done', { done });
}

/** Fix all merges by the default rule: say where the others are. */
const MERGE_HINT = msg('fix.mergeHint');

import { describeMerge } from '../core/fix/merge-report';
import type { MergeReport } from '../core/fix/merge-duplicates';
import type { Message } from '../core/base/message';
import { msg, verbatim } from '../i18n/translator';
import type { Notice } from './jobs-slice';

/**
 * The notice after a change that merged duplicates: the change's own words,
 * then what the merge moved, and as details every conflict and every copy
 * kept as its own row (nothing a merge does goes unsaid). `hint` follows the
 * merge's summary (Fix all says how to choose another rule).
 */
export function mergeNotice(text: Message, merge: MergeReport | undefined, hint?: Message): Notice {
  if (!merge) return { kind: 'info', text };
  // The merge's own words are core's, in English until core's words are keyed.
  const { summary, details } = describeMerge(merge);
  const full = !summary
    ? text
    : hint
      ? msg('notice.mergedHint', { text, summary: verbatim(summary), hint })
      : msg('notice.merged', { text, summary: verbatim(summary) });
  return details.length > 0
    ? { kind: 'info', text: full, details: details.map(verbatim) }
    : { kind: 'info', text: full };
}

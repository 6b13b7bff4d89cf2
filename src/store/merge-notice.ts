import { describeMerge } from '../core/fix/merge-report';
import type { MergeReport } from '../core/fix/merge-duplicates';
import type { Notice } from './jobs-slice';

/**
 * The notice after a change that merged duplicates: the change's own words,
 * then what the merge moved, and as details every conflict and every copy
 * kept as its own row (nothing a merge does goes unsaid). `hint` follows the
 * merge's summary (Fix all says how to choose another rule).
 */
export function mergeNotice(text: string, merge: MergeReport | undefined, hint = ''): Notice {
  if (!merge) return { kind: 'info', text };
  const { summary, details } = describeMerge(merge);
  const full = [text, summary && `${summary}${hint}`].filter(Boolean).join(' ');
  return details.length > 0 ? { kind: 'info', text: full, details } : { kind: 'info', text: full };
}

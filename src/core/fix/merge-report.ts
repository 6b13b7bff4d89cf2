import type { ExtCounts, ExtKind } from './ext-canonical';
import { MERGE_RULE_WORDS, type MergeReport } from './merge-duplicates';
import { formatNumber } from '../text/format';

const KIND_WORDS: Record<ExtKind, [string, string]> = {
  video: ['video', 'videos'],
  image: ['image', 'images'],
  news: ['news entry', 'news entries'],
  alternate: ['hreflang alternate', 'hreflang alternates'],
  other: ['other element', 'other elements'],
};

function count(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** "512 videos, 3 images": the moved elements by kind, or 'no extension elements'. */
export function describeMoved(moved: ExtCounts): string {
  const parts = (Object.keys(KIND_WORDS) as ExtKind[])
    .filter((k) => moved[k] > 0)
    // spread-ok: a pair of words per kind
    .map((k) => count(moved[k], ...KIND_WORDS[k]));
  return parts.length > 0 ? parts.join(', ') : 'no extension elements';
}

/**
 * A merge report in sentences: the summary (what was merged and moved,
 * which rule chose the values; null when nothing was), then the details:
 * each conflict shown (and how many more), and every copy kept as its own
 * row with its reason.
 */
export function describeMerge(r: MergeReport): { summary: string | null; details: string[] } {
  let summary: string | null = null;
  const lines: string[] = [];
  if (r.removed > 0) {
    summary =
      `Merged ${count(r.removed, 'duplicate row', 'duplicate rows')} into ${count(r.urls, 'row', 'rows')} kept (${MERGE_RULE_WORDS[r.rule]}): ` +
      `moved ${describeMoved(r.moved)}${r.identical > 0 ? `; ${count(r.identical, 'identical element', 'identical elements')} written once` : ''}` +
      `; ${count(r.conflicts, 'value differed', 'values differed')} between copies.`;
  }
  for (const c of r.conflictExamples)
    lines.push(`${c.loc}: ${c.field} ${c.kept === '' ? '(empty)' : c.kept} kept over ${c.dropped.join(', ')}`);
  const more = r.conflicts - r.conflictExamples.length;
  if (more > 0) lines.push(`… and ${count(more, 'more value that differed', 'more values that differed')}`);
  for (const k of r.keptApart) lines.push(k.message);
  const apart = r.keptApartTotal - r.keptApart.length;
  if (apart > 0)
    lines.push(
      `… and ${count(apart, 'more copy', 'more copies')} kept as ${apart === 1 ? 'its own row' : 'their own rows'}`,
    );
  return { summary, details: lines };
}

import type { ExtKind } from '../../core/view/column-filters';
import { ALL_ROWS, type ViewQuery } from '../../core/view/query';
import { NOT_ABSOLUTE_KEY, NOT_ABSOLUTE_LABEL } from '../../core/text/url-branches';

/** One active filter of the table, in words, and the part of the query that clears it. */
export interface ActiveFilter {
  key: string;
  label: string;
  clear: Partial<ViewQuery>;
  /** Shown by a chip of its own elsewhere (the structure tree's branch, the lastmod chart's bar, the comparison). */
  ownChip?: boolean;
}

export const EXT_KIND_LABELS: Record<ExtKind, string> = {
  image: 'images',
  video: 'videos',
  news: 'news',
  alternate: 'hreflang alternates',
};

/**
 * The filters a query applies, in the toolbar's order, each with what
 * clears it alone. `files` names the source files (a file filter holds an index).
 */
export function activeFilters(query: ViewQuery, files: readonly { name: string }[]): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const add = (key: string, label: string, clear: Partial<ViewQuery>, ownChip?: boolean) =>
    out.push(ownChip ? { key, label, clear, ownChip } : { key, label, clear });
  if (query.diffKind)
    add(
      'diffKind',
      `${query.diffKind === 'added' ? 'Added' : 'Changed'} since the comparison`,
      { diffKind: null },
      true,
    );
  if (query.prefix)
    add('prefix', `In ${query.prefix === NOT_ABSOLUTE_KEY ? NOT_ABSOLUTE_LABEL : query.prefix}`, { prefix: '' }, true);
  if (query.lastmodPeriod) add('lastmodPeriod', `lastmod in ${query.lastmodPeriod}`, { lastmodPeriod: '' }, true);
  if (query.text !== '')
    add('text', query.regex ? `URL matches /${query.text}/` : `URL contains “${query.text}”`, {
      text: '',
      regex: false,
    });
  if (query.onlyProblems) add('onlyProblems', 'Has problems', { onlyProblems: false });
  if (query.code) add('code', `Problem: ${query.code}`, { code: null });
  if (query.fieldValue) {
    const { field, value } = query.fieldValue;
    add('fieldValue', value === '' ? `${field} missing` : `${field} = ${value}`, { fieldValue: null });
  }
  if (query.priority != null)
    add('priority', query.priority === '' ? 'priority missing' : `priority = ${query.priority}`, { priority: null });
  if (query.lastmodMissing) add('lastmodMissing', 'lastmod missing', { lastmodMissing: false });
  if (query.lastmodAfter) add('lastmodAfter', `lastmod after ${query.lastmodAfter}`, { lastmodAfter: '' });
  if (query.lastmodBefore) add('lastmodBefore', `lastmod before ${query.lastmodBefore}`, { lastmodBefore: '' });
  if (query.file != null) add('file', `File: ${files[query.file]?.name ?? `#${query.file + 1}`}`, { file: null });
  if (query.ext) add('ext', `Has ${EXT_KIND_LABELS[query.ext]}`, { ext: null });
  return out;
}

/** The query with every filter cleared, its sort kept. */
export function withoutFilters(query: ViewQuery): ViewQuery {
  return { ...ALL_ROWS, sort: query.sort };
}

import type { ExtKind } from '../../core/view/column-filters';
import { ALL_ROWS, type ViewQuery } from '../../core/view/query';
import { NOT_ABSOLUTE_KEY } from '../../core/text/url-branches';
import type { MessageId, Translator } from '../../i18n/translator';

/** One active filter of the table, in words, and the part of the query that clears it. */
export interface ActiveFilter {
  key: string;
  label: string;
  clear: Partial<ViewQuery>;
  /** Shown by a chip of its own elsewhere (the structure tree's branch, the lastmod chart's bar, the comparison). */
  ownChip?: boolean;
}

export const EXT_KIND_LABELS: Record<ExtKind, MessageId> = {
  image: 'ext.images',
  video: 'ext.videos',
  news: 'ext.news',
  alternate: 'ext.alternates',
};

/** A branch of the site as the page names it: the not-absolute URLs' branch in words. */
export function branchName(prefix: string, words: Translator): string {
  return prefix === NOT_ABSOLUTE_KEY ? words.t('tree.notAbsolute') : prefix;
}

/**
 * The filters a query applies, in the toolbar's order, each with what
 * clears it alone. `files` names the source files (a file filter holds an index).
 */
export function activeFilters(query: ViewQuery, files: readonly { name: string }[], words: Translator): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const add = (key: string, label: string, clear: Partial<ViewQuery>, ownChip?: boolean) =>
    out.push(ownChip ? { key, label, clear, ownChip } : { key, label, clear });
  if (query.diffKind)
    add(
      'diffKind',
      words.t(query.diffKind === 'added' ? 'filters.addedSince' : 'filters.changedSince'),
      { diffKind: null },
      true,
    );
  if (query.prefix)
    add('prefix', words.t('filters.in', { branch: branchName(query.prefix, words) }), { prefix: '' }, true);
  if (query.lastmodPeriod)
    add('lastmodPeriod', words.t('filters.lastmodIn', { period: query.lastmodPeriod }), { lastmodPeriod: '' }, true);
  if (query.text !== '')
    add('text', words.t(query.regex ? 'filters.urlMatches' : 'filters.urlContains', { text: query.text }), {
      text: '',
      regex: false,
    });
  if (query.onlyProblems) add('onlyProblems', words.t('filters.hasProblems'), { onlyProblems: false });
  if (query.code) add('code', words.t('filters.problem', { code: query.code }), { code: null });
  if (query.fieldValue) {
    const { field, value } = query.fieldValue;
    add('fieldValue', words.t(value === '' ? 'filters.missing' : 'filters.equals', { field, value }), {
      fieldValue: null,
    });
  }
  if (query.priority != null)
    add(
      'priority',
      words.t(query.priority === '' ? 'filters.missing' : 'filters.equals', {
        field: 'priority',
        value: query.priority,
      }),
      { priority: null },
    );
  if (query.lastmodMissing) add('lastmodMissing', words.t('filters.lastmodMissing'), { lastmodMissing: false });
  if (query.lastmodAfter)
    add('lastmodAfter', words.t('filters.lastmodAfterValue', { date: query.lastmodAfter }), { lastmodAfter: '' });
  if (query.lastmodBefore)
    add('lastmodBefore', words.t('filters.lastmodBeforeValue', { date: query.lastmodBefore }), { lastmodBefore: '' });
  if (query.file != null)
    add('file', words.t('filters.file', { name: files[query.file]?.name ?? `#${query.file + 1}` }), { file: null });
  if (query.coverage) add('coverage', words.t('filters.coverage', { filter: query.coverage }), { coverage: null });
  if (query.ext) add('ext', words.t('filters.has', { what: words.t(EXT_KIND_LABELS[query.ext]) }), { ext: null });
  return out;
}

/** The query with every filter cleared, its sort kept. */
export function withoutFilters(query: ViewQuery): ViewQuery {
  return { ...ALL_ROWS, sort: query.sort };
}

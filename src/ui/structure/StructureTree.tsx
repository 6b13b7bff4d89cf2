import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SIDE_PANEL_DELAY_MS } from './side-panel-delay';
import type { ViewQuery } from '../../core/view/query';
import { type TreeChildren, type TreeNode } from '../../core/view/tree-node';
import { branchAncestors, NOT_ABSOLUTE_KEY } from '../../core/text/url-branches';
import { useAppStore } from '../../store/app-store';
import { useWords, type Words } from '../i18n/words';
import { coverageWords } from './coverage-words';
import { readableUrl } from '../../core/view/readable-url';
import './structure.css';

/** A visible tree item in document order, for the arrow keys. */
interface Visible {
  node: TreeNode;
  level: number;
  parent: string | null;
}

const ROOT = '';

/**
 * The URLs as a tree, host → path segments (WAI-ARIA tree pattern). Each
 * level is built in the worker when it is expanded, so a million URLs cost
 * only the branches open; choosing a branch filters the table to it.
 */
export function StructureTree() {
  const summary = useAppStore((s) => s.summary);
  const prefix = useAppStore((s) => s.query.prefix ?? '');
  const setQuery = useAppStore((s) => s.setQuery);
  const query = useAppStore((s) => s.query);
  const viewCount = useAppStore((s) => s.viewCount);
  const fetchLevels = useAppStore((s) => s.treeLevels);
  const reloads = useAppStore((s) => s.treeReloads);
  const [open, setOpen] = useState(true);
  const words = useWords();
  const [levels, setLevels] = useState<ReadonlyMap<string, TreeChildren>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const levelsRef = useRef(levels);
  levelsRef.current = levels;
  const items = useRef(new Map<string, HTMLLIElement>());
  const moved = useRef(false);

  // Levels are asked for together: the worker answers any number of them by one pass over the rows.
  const load = useCallback(
    async (keys: string[]) => {
      if (keys.length === 0) return;
      setLoading((s) => new Set([...s, ...keys]));
      try {
        const answer = await fetchLevels(keys);
        setLevels((m) => {
          const next = new Map(m);
          for (const [key, children] of answer) next.set(key, children);
          return next;
        });
      } catch {
        // The worker was lost or has no document: the levels stay as they were (a notice says why elsewhere).
      } finally {
        setLoading((s) => {
          const next = new Set(s);
          for (const key of keys) next.delete(key);
          return next;
        });
      }
    },
    [fetchLevels],
  );

  // The counts depend on the rows, not on the table's filter: reload the open
  // levels when the rows change (a new summary), not on every filter change.
  // A moment after the last change, so that a burst of edits asks once, and an
  // action right after one is not queued in the worker behind a pass over every row.
  useEffect(() => {
    if (!summary || !open) return;
    const timer = window.setTimeout(() => void load([ROOT, ...expandedRef.current]), SIDE_PANEL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [summary, open, load, reloads]);

  // The table's branch shows in the tree: when it changes (chosen here, or
  // restored with the saved work), the branches above it open so it is in view.
  const hasDocument = summary !== null;
  useEffect(() => {
    if (!hasDocument || !open || prefix === '' || prefix === NOT_ABSOLUTE_KEY) return;
    const above = branchAncestors(prefix).filter((k) => k !== ROOT);
    if (above.every((k) => expandedRef.current.has(k))) return;
    setExpanded((s) => new Set([...s, ...above]));
    void load(above.filter((k) => !levelsRef.current.has(k)));
  }, [prefix, hasDocument, open, load]);

  // A set of one host would show one line: its first level opens by itself, once per document.
  const rootLevel = levels.get(ROOT);
  const autoOpened = useRef(false);
  useEffect(() => {
    if (!hasDocument) autoOpened.current = false;
  }, [hasDocument]);
  useEffect(() => {
    if (!rootLevel || autoOpened.current) return;
    autoOpened.current = true;
    const only = rootLevel.children.length === 1 && rootLevel.omitted === 0 ? rootLevel.children[0] : undefined;
    if (!only?.hasChildren || expandedRef.current.has(only.key)) return;
    setExpanded((s) => new Set([...s, only.key]));
    if (!levelsRef.current.has(only.key)) void load([only.key]);
  }, [rootLevel, load]);

  const visible = useMemo(() => {
    const out: Visible[] = [];
    // recursion-ok: one level a branch the user opened (by a click each, or on the way to the one chosen)
    const walk = (key: string, level: number) => {
      for (const node of levels.get(key)?.children ?? []) {
        out.push({ node, level, parent: key === ROOT ? null : key });
        if (node.hasChildren && expanded.has(node.key)) walk(node.key, level + 1);
      }
    };
    walk(ROOT, 1);
    return out;
  }, [levels, expanded]);

  const current =
    focusKey !== null && visible.some((v) => v.node.key === focusKey) ? focusKey : (visible[0]?.node.key ?? null);

  useEffect(() => {
    if (!moved.current || current === null) return;
    moved.current = false;
    items.current.get(current)?.focus();
  }, [current]);

  const toggle = (node: TreeNode, to?: boolean) => {
    if (!node.hasChildren) return;
    const on = to ?? !expanded.has(node.key);
    setExpanded((s) => {
      const next = new Set(s);
      if (on) next.add(node.key);
      else next.delete(node.key);
      return next;
    });
    if (on && !levels.has(node.key)) void load([node.key]);
  };

  const choose = (node: TreeNode) => void setQuery({ prefix: prefix === node.key ? '' : node.key });

  const focusOn = (key: string) => {
    moved.current = true;
    setFocusKey(key);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const at = visible.findIndex((v) => v.node.key === current);
    const item = visible[at];
    if (!item) return;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        if (at + 1 < visible.length) focusOn((visible[at + 1] as Visible).node.key);
        break;
      case 'ArrowUp':
        if (at > 0) focusOn((visible[at - 1] as Visible).node.key);
        break;
      case 'Home':
        focusOn((visible[0] as Visible).node.key);
        break;
      case 'End':
        focusOn((visible[visible.length - 1] as Visible).node.key);
        break;
      case 'ArrowRight':
        if (!item.node.hasChildren) break;
        if (!expanded.has(item.node.key)) toggle(item.node, true);
        else if (visible[at + 1]?.parent === item.node.key) focusOn((visible[at + 1] as Visible).node.key);
        break;
      case 'ArrowLeft':
        if (item.node.hasChildren && expanded.has(item.node.key)) toggle(item.node, false);
        else if (item.parent !== null) focusOn(item.parent);
        break;
      case 'Enter':
      case ' ':
        choose(item.node);
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };

  if (!summary) return null;

  // Flat, one item per branch with its aria-level, not nested groups: an
  // item's visible text is then its own row only, which its name says in words.
  // recursion-ok: one level a branch the user opened, as walk above
  const renderLevel = (key: string, level: number): ReactNode[] => {
    const data = levels.get(key);
    if (!data) return [];
    return [
      ...data.children.flatMap((node, index) => {
        const isOpen = node.hasChildren && expanded.has(node.key);
        // Collapsed on the way to the table's branch: said, so the filter is never out of sight.
        const holdsSelected = !isOpen && prefix.startsWith(`${node.key}/`);
        const name = nodeName(node, words);
        const coverage = coverageWords(node, words);
        const label = [
          words.t('tree.itemUrls', { name, count: node.urls }),
          node.problems > 0 ? words.t('tree.withProblems', { count: node.problems }) : '',
          node.newestLastmod ? words.t('tree.newest', { date: node.newestLastmod.slice(0, 10) }) : '',
          coverage,
          holdsSelected ? words.t('tree.holdsBranch') : '',
        ]
          .filter(Boolean)
          .join(words.t('list.separator'));
        return [
          <li
            key={node.key}
            role="treeitem"
            aria-level={level}
            aria-setsize={data.children.length + data.omitted}
            aria-posinset={index + 1}
            aria-expanded={node.hasChildren ? isOpen : undefined}
            aria-selected={prefix === node.key}
            aria-busy={loading.has(node.key) || undefined}
            aria-label={label}
            tabIndex={node.key === current ? 0 : -1}
            ref={(el) => {
              if (el) items.current.set(node.key, el);
              else items.current.delete(node.key);
            }}
            onFocus={(e) => {
              if (e.target === e.currentTarget) setFocusKey(node.key);
            }}
            className="st-item"
            data-key={node.key}
          >
            <div
              className={`st-row${prefix === node.key ? ' st-selected' : ''}${holdsSelected ? ' st-holds-selected' : ''}`}
              style={{ paddingLeft: `${(level - 1) * 1.1}rem` }}
              onClick={() => {
                focusOn(node.key);
                choose(node);
              }}
            >
              <span
                className="st-twisty"
                aria-hidden="true"
                onClick={(e) => {
                  e.stopPropagation();
                  focusOn(node.key);
                  toggle(node);
                }}
              >
                {node.hasChildren ? (isOpen ? '▾' : '▸') : ''}
              </span>
              <span className="st-label" title={readableUrl(node.key)}>
                {name}
              </span>
              {/* The figures are drawn by CSS from data-figure: the item's name says them in words (axe: label-content-name-mismatch). */}
              <span className="st-urls st-figure" data-figure={words.n(node.urls)} />
              <span
                className={`st-problems st-figure${node.problems > 0 ? ' st-has-problems' : ''}`}
                data-figure={node.problems > 0 ? words.n(node.problems) : ''}
              />
              <span className="st-lastmod st-figure muted" data-figure={node.newestLastmod.slice(0, 10)} />
              {coverage && (
                <span className="st-coverage st-figure" data-figure={coverage} data-testid="tree-coverage" />
              )}
            </div>
          </li>,
          ...(isOpen ? renderLevel(node.key, level + 1) : []),
        ];
      }),
      ...(data.omitted > 0
        ? [
            <li
              key={`${key}-more`}
              role="none"
              className="st-more muted"
              style={{ paddingLeft: `${(level - 1) * 1.1 + 1.2}rem` }}
            >
              … {words.t('tree.moreBranches', { count: data.omitted, urls: data.omittedUrls })}
            </li>,
          ]
        : []),
    ];
  };

  return (
    <section className="panel structure" aria-labelledby="structure-title">
      <div className="st-head">
        <h2 id="structure-title">
          <button type="button" className="st-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? '▾' : '▸'} {words.t('tree.title')}
          </button>
        </h2>
        {prefix !== '' && (
          <button type="button" className="button button-quiet st-all" onClick={() => void setQuery({ prefix: '' })}>
            {words.t('problems.showAll')}
          </button>
        )}
      </div>
      {open && (
        <>
          <TableFilterNote query={query} viewCount={viewCount} urlCount={summary.urlCount} />
          <div className="st-columns muted" aria-hidden="true">
            <span>{words.t('tree.branch')}</span>
            <span>{words.t('totals.urls')}</span>
            <span>{words.t('totals.problems')}</span>
            <span title={words.t('tree.newestTitle')}>{words.t('tree.newestColumn')}</span>
          </div>
          <ul role="tree" aria-label={words.t('tree.label')} className="st-tree" onKeyDown={onKeyDown}>
            {renderLevel(ROOT, 1)}
          </ul>
        </>
      )}
    </section>
  );
}

/** A branch key as people read it: no https://, decoded, the not-absolute bucket in words. */
function branchName(key: string, words: Words): string {
  return key === NOT_ABSOLUTE_KEY ? words.t('tree.notAbsolute') : readableUrl(key.replace(/^https:\/\//i, ''));
}

/** A branch's own name in the tree: its segment (or host) decoded, the not-absolute bucket in words. */
function nodeName(node: TreeNode, words: Words): string {
  return node.key === NOT_ABSOLUTE_KEY ? words.t('tree.notAbsolute') : readableUrl(node.label);
}

/**
 * What the table is filtered by, said in the tree: the branch is also
 * highlighted below, but the other filters (text, problems, lastmod month…)
 * would otherwise leave the tree's counts, which are for every URL, puzzling.
 */
function TableFilterNote({ query, viewCount, urlCount }: { query: ViewQuery; viewCount: number; urlCount: number }) {
  const words = useWords();
  const parts: string[] = [];
  const prefix = query.prefix ?? '';
  if (prefix !== '') parts.push(words.t('tree.filterIn', { branch: branchName(prefix, words) }));
  const text = query.text.trim();
  if (text !== '') parts.push(words.t('tree.filterContaining', { text }));
  if (query.onlyProblems) parts.push(words.t('tree.filterWithProblems'));
  if (query.code) parts.push(words.t('tree.filterWith', { code: query.code }));
  if (query.fieldValue)
    parts.push(
      query.fieldValue.value === ''
        ? words.t('tree.filterEmpty', { field: query.fieldValue.field })
        : words.t('filters.equals', { field: query.fieldValue.field, value: query.fieldValue.value }),
    );
  if (query.lastmodPeriod) parts.push(words.t('filters.lastmodIn', { period: query.lastmodPeriod }));
  if (query.diffKind) parts.push(words.t('tree.filterSince', { kind: query.diffKind }));
  if (parts.length === 0) return null;
  const onlyBranch = parts.length === 1 && prefix !== '';
  return (
    <p className="st-filter" data-testid="structure-filter">
      {words.t('tree.filterNote', { shown: viewCount, count: urlCount, parts: parts.join(words.t('list.separator')) })}
      {onlyBranch ? '' : ` ${words.t('tree.countsEvery')}`}
    </p>
  );
}

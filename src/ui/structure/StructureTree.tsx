import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TreeChildren, TreeNode } from '../../core/view/tree';
import { useAppStore } from '../../store/app-store';
import { formatNumber, plural } from '../format';
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
  const fetchChildren = useAppStore((s) => s.treeChildren);
  const [open, setOpen] = useState(true);
  const [levels, setLevels] = useState<ReadonlyMap<string, TreeChildren>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState<ReadonlySet<string>>(new Set());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const items = useRef(new Map<string, HTMLLIElement>());
  const moved = useRef(false);

  const load = useCallback(
    async (key: string) => {
      setLoading((s) => new Set(s).add(key));
      try {
        const children = await fetchChildren(key);
        setLevels((m) => new Map(m).set(key, children));
      } catch {
        // The worker was lost or has no document: the level stays as it was (a notice says why elsewhere).
      } finally {
        setLoading((s) => {
          const next = new Set(s);
          next.delete(key);
          return next;
        });
      }
    },
    [fetchChildren],
  );

  // The counts depend on the rows, not on the table's filter: reload the open
  // levels when the rows change (a new summary), not on every filter change.
  useEffect(() => {
    if (!summary || !open) return;
    void load(ROOT);
    for (const key of expandedRef.current) void load(key);
  }, [summary, open, load]);

  const visible = useMemo(() => {
    const out: Visible[] = [];
    const walk = (key: string, level: number) => {
      for (const node of levels.get(key)?.children ?? []) {
        out.push({ node, level, parent: key === ROOT ? null : key });
        if (node.hasChildren && expanded.has(node.key)) walk(node.key, level + 1);
      }
    };
    walk(ROOT, 1);
    return out;
  }, [levels, expanded]);

  const current = focusKey !== null && visible.some((v) => v.node.key === focusKey) ? focusKey : (visible[0]?.node.key ?? null);

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
    if (on && !levels.has(node.key)) void load(node.key);
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

  const renderLevel = (key: string, level: number) => {
    const data = levels.get(key);
    if (!data) return null;
    return (
      <>
        {data.children.map((node) => {
          const isOpen = node.hasChildren && expanded.has(node.key);
          const label = `${node.label}, ${plural(node.urls, 'URL')}${node.problems > 0 ? `, ${formatNumber(node.problems)} with problems` : ''}${node.newestLastmod ? `, newest ${node.newestLastmod.slice(0, 10)}` : ''}`;
          return (
            <li
              key={node.key}
              role="treeitem"
              aria-level={level}
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
                className={`st-row${prefix === node.key ? ' st-selected' : ''}`}
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
                <span className="st-label" title={node.key}>
                  {node.label}
                </span>
                <span className="st-urls">{formatNumber(node.urls)}</span>
                <span className={`st-problems${node.problems > 0 ? ' st-has-problems' : ''}`}>{node.problems > 0 ? formatNumber(node.problems) : ''}</span>
                <span className="st-lastmod muted">{node.newestLastmod.slice(0, 10)}</span>
              </div>
              {isOpen && (
                <ul role="group" className="st-group">
                  {renderLevel(node.key, level + 1)}
                </ul>
              )}
            </li>
          );
        })}
        {data.omitted > 0 && (
          <li role="none" className="st-more muted" style={{ paddingLeft: `${(level - 1) * 1.1 + 1.2}rem` }}>
            … {plural(data.omitted, 'more branch', 'more branches')} ({plural(data.omittedUrls, 'URL')})
          </li>
        )}
      </>
    );
  };

  return (
    <section className="panel structure" aria-labelledby="structure-title">
      <div className="st-head">
        <h2 id="structure-title">
          <button type="button" className="st-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? '▾' : '▸'} Structure
          </button>
        </h2>
        {prefix !== '' && (
          <button type="button" className="button button-quiet st-all" onClick={() => void setQuery({ prefix: '' })}>
            Show all
          </button>
        )}
      </div>
      {open && (
        <>
          <div className="st-columns muted" aria-hidden="true">
            <span>Branch</span>
            <span>URLs</span>
            <span>Problems</span>
            <span title="Newest lastmod">Newest</span>
          </div>
          <ul role="tree" aria-label="Site structure" className="st-tree" onKeyDown={onKeyDown}>
            {renderLevel(ROOT, 1)}
          </ul>
        </>
      )}
    </section>
  );
}

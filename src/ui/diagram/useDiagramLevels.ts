import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DIAGRAM_LIMIT, diagramTree, initialExpanded, levelsToLoad } from '../../core/view/diagram-levels';
import { type TreeChildren } from '../../core/view/tree';
import { branchAncestors } from '../../core/text/url-branches';
import { useAppStore } from '../../store/app-store';

/** How many more boxes a "N more" box shows when chosen. */
const MORE_STEP = 24;
/** A moment after the last change before the levels are asked again, so a burst of edits asks once. */
const RELOAD_DELAY_MS = 150;

/**
 * The diagram's levels, built in the worker a few boxes each: the open
 * branches, their limits, and the tree to lay out. A one-host set opens at
 * its first level; the open levels are asked again after every change.
 */
export function useDiagramLevels() {
  const summary = useAppStore((s) => s.summary);
  const fetchLevels = useAppStore((s) => s.diagramLevels);
  const [levels, setLevels] = useState<ReadonlyMap<string, TreeChildren>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // Requests in flight (a reveal and a refresh can overlap).
  const [pending, setPending] = useState(0);
  const limits = useRef(new Map<string, number>());
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const opened = useRef(false);

  const load = useCallback(
    async (keys: string[], replace = false) => {
      if (keys.length === 0) return;
      setPending((n) => n + 1);
      try {
        const answer = await fetchLevels(keys.map((key) => ({ key, limit: limits.current.get(key) ?? DIAGRAM_LIMIT })));
        setLevels((m) => {
          // After a change every open level is asked again: the closed ones are dropped, not kept stale.
          const next = new Map(replace ? [] : m);
          for (const [key, children] of answer) next.set(key, children);
          return next;
        });
        const top = answer.get('');
        if (top && !opened.current) {
          opened.current = true;
          const first = initialExpanded(top);
          if (first.length > 0) {
            setExpanded(new Set(first));
            // The worker counts the first host's level along with the top one: usually nothing is left to ask.
            const missing = first.filter((k) => !answer.has(k));
            if (missing.length > 0) await load(missing);
          }
        }
      } catch {
        // The worker was lost or has no document: the diagram stays as it was (a notice says why elsewhere).
      } finally {
        setPending((n) => n - 1);
      }
    },
    [fetchLevels],
  );

  const first = useRef(true);
  useEffect(() => {
    if (!summary) return;
    const delay = first.current ? 0 : RELOAD_DELAY_MS;
    first.current = false;
    const timer = window.setTimeout(() => void load(levelsToLoad(expandedRef.current), true), delay);
    return () => window.clearTimeout(timer);
  }, [summary, load]);

  /** Opens or closes a branch; its level is asked for the first time it opens. */
  const toggle = useCallback(
    (key: string, on?: boolean) => {
      const open = on ?? !expandedRef.current.has(key);
      setExpanded((s) => {
        const next = new Set(s);
        if (open) next.add(key);
        else next.delete(key);
        return next;
      });
      if (open && !levels.has(key)) void load([key]);
    },
    [levels, load],
  );

  /** Opens every branch down to this one (e.g. a move's new parent), so it is in view. */
  const reveal = useCallback(
    (key: string) => {
      const keys = [...branchAncestors(key).filter((k) => k !== ''), key];
      setExpanded((s) => new Set([...s, ...keys]));
      void load(keys);
    },
    [load],
  );

  /** Shows more children of a level (its "N more" box was chosen). */
  const showMore = useCallback(
    (parent: string) => {
      limits.current.set(parent, (limits.current.get(parent) ?? DIAGRAM_LIMIT) + MORE_STEP);
      void load([parent]);
    },
    [load],
  );

  const tree = useMemo(() => diagramTree(levels, expanded), [levels, expanded]);
  return { levels, tree, loading: pending > 0, toggle, reveal, showMore };
}

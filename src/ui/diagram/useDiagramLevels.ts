import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BOARD_BOXES } from '../../core/view/diagram-board';
import { DIAGRAM_LIMIT, initialExpanded, levelsToLoad } from '../../core/view/diagram-levels';
import type { DiagramLevel } from '../../core/view/diagram-pages';
import { branchAncestors } from '../../core/text/url-branches';
import { useAppStore } from '../../store/app-store';
import { TOP_DOWN_UP_TO } from '../../store/diagram-slice';
import { cappedTree, readableCut, type CutInput } from './level-of-detail';

/** How many more boxes a "N more" box shows when chosen. */
const MORE_STEP = 24;
/** A moment after the last change before the levels are asked again, so a burst of edits asks once. */
const RELOAD_DELAY_MS = 150;

/**
 * The board's levels, built in the worker: a site of up to 2,000 pages
 * opens whole (every level, one request), a larger one at its first level
 * (a request a box opened). The open levels are asked again after every
 * change (the worker's counted levels make that cheap). `cut` applies what
 * Fit closes to keep the titles readable (level-of-detail.ts).
 */
export function useDiagramLevels() {
  const summary = useAppStore((s) => s.summary);
  const fetchLevels = useAppStore((s) => s.diagramLevels);
  const fetchBoard = useAppStore((s) => s.diagramBoard);
  const [levels, setLevels] = useState<ReadonlyMap<string, DiagramLevel>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [caps, setCaps] = useState<ReadonlyMap<string, number>>(new Map());
  // Requests in flight (a reveal and a refresh can overlap).
  const [pending, setPending] = useState(0);
  const limits = useRef(new Map<string, number>());
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  const opened = useRef(false);
  const [ready, setReady] = useState(false);

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
      } catch {
        // The worker was lost or has no document: the diagram stays as it was (a notice says why elsewhere).
      } finally {
        setPending((n) => n - 1);
      }
    },
    [fetchLevels],
  );

  /** The first drawing: the whole board of a small site, else the top level and a lone host's. */
  const open = useCallback(
    async (urls: number) => {
      setPending((n) => n + 1);
      try {
        if (urls <= TOP_DOWN_UP_TO) {
          const board = await fetchBoard(BOARD_BOXES);
          if (board) {
            // Asked again after each change to as many as it had (a level that grows by a page stays whole).
            for (const [key, level] of board.levels)
              limits.current.set(key, Math.max(DIAGRAM_LIMIT, level.children.length + level.omitted + MORE_STEP));
            setLevels(board.levels);
            setExpanded(new Set([...board.levels.keys()].filter((k) => k !== '')));
          }
        } else {
          const answer = await fetchLevels([{ key: '', limit: DIAGRAM_LIMIT }]);
          const top = answer.get('');
          const first = top ? initialExpanded(top) : [];
          setLevels(answer);
          setExpanded(new Set(first));
          const missing = first.filter((k) => !answer.has(k));
          if (missing.length > 0) await load(missing);
        }
      } catch {
        // As in load.
      } finally {
        setPending((n) => n - 1);
        setReady(true);
      }
    },
    [fetchBoard, fetchLevels, load],
  );

  const first = useRef(true);
  useEffect(() => {
    if (!summary) return;
    if (!opened.current) {
      opened.current = true;
      first.current = false;
      void open(summary.urlCount);
      return;
    }
    const timer = window.setTimeout(() => void load(levelsToLoad(expandedRef.current), true), RELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [summary, load, open]);

  /** Opens or closes a branch; its level is asked for the first time it opens. */
  const toggle = useCallback(
    (key: string, on?: boolean) => {
      const isOpen = on ?? !expandedRef.current.has(key);
      setExpanded((s) => {
        const next = new Set(s);
        if (isOpen) next.add(key);
        else next.delete(key);
        return next;
      });
      if (isOpen && !levels.has(key)) void load([key]);
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
      const cap = caps.get(parent);
      if (cap !== undefined) {
        setCaps((c) => {
          const next = new Map(c);
          next.set(parent, cap + MORE_STEP);
          return next;
        });
        const level = levels.get(parent);
        if (level && cap + MORE_STEP <= level.children.length) return;
      }
      limits.current.set(parent, (limits.current.get(parent) ?? DIAGRAM_LIMIT) + MORE_STEP);
      void load([parent]);
    },
    [caps, levels, load],
  );

  /** Closes what Fit must close for the titles to be readable in this viewport (see readableCut). */
  const cut = useCallback(
    (layout: CutInput['layout'], viewport: CutInput['viewport']) => {
      const c = readableCut({ levels, expanded: expandedRef.current, caps: new Map(), layout, viewport });
      setExpanded(c.expanded);
      setCaps(c.caps);
    },
    [levels],
  );

  const tree = useMemo(() => cappedTree(levels, expanded, caps), [levels, expanded, caps]);
  return { levels, tree, ready, loading: pending > 0, toggle, reveal, showMore, cut };
}

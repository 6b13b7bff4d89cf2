import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { isPathBranch, type BranchEdit } from '../../core/edit/move-branch';
import { isHostOrPath } from '../../core/edit/move-branch';
import { locInBranch } from '../../core/text/url-branches';
import { useAppStore } from '../../store/app-store';
import { BranchDialog, type BranchAction } from './BranchDialog';
import { BoxDetails } from './BoxDetails';
import { DiagramSvg, type BoxHandlers } from './DiagramSvg';
import { DiagramToolbar, useBoardLayout } from './DiagramToolbar';
import { BOX_H, BOX_W, layoutDiagram, type DiagramLayout, type PlacedBox } from './layout';
import { useDiagramLevels } from './useDiagramLevels';
import { useZoomPan } from './useZoomPan';
import './diagram.css';

/** Pointer travel (px) before a press on a box becomes a drag. */
const DRAG_THRESHOLD = 5;
const DEFAULT_ASPECT = 1.8;

/**
 * The site as a planning board: boxes for the hosts and path segments (a
 * page's box titled by its page), top down or left to right. Choosing a box
 * filters the table to its branch (as the Structure panel does) and shows
 * its details, where its plan is edited; dragging one onto another moves
 * that branch, with a preview first; the keyboard has the same.
 */
export function DiagramView() {
  const summary = useAppStore((s) => s.summary);
  const prefix = useAppStore((s) => s.query.prefix ?? '');
  const viewCount = useAppStore((s) => s.viewCount);
  const setQuery = useAppStore((s) => s.setQuery);
  const setMainView = useAppStore((s) => s.setMainView);
  const orientation = useBoardLayout();
  const { tree, ready, loading, toggle, reveal, showMore, cut } = useDiagramLevels();
  const [aspect, setAspect] = useState(DEFAULT_ASPECT);
  const layout = useMemo<DiagramLayout | null>(
    () => (tree ? layoutDiagram(tree, { orientation, aspect }) : null),
    [tree, orientation, aspect],
  );
  const viewport = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const zoom = useZoomPan(viewport, layout ?? { width: 0, height: 0 });
  const [action, setAction] = useState<BranchAction | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [drag, setDrag] = useState<{ key: string; over: string | null } | null>(null);
  const [lastEdit, setLastEdit] = useState<{ from: string; to: string } | null>(null);
  const [hover, setHover] = useState<{ url: string; x: number; y: number } | null>(null);
  const [fitting, setFitting] = useState(0);

  /** Fit: close what cannot be read in this window (level-of-detail.ts), then fit the drawing to it. */
  const fit = () => {
    const el = viewport.current;
    if (!el || el.clientWidth === 0) return;
    const next = el.clientWidth / el.clientHeight;
    setAspect(next);
    cut({ orientation, aspect: next }, { width: el.clientWidth, height: el.clientHeight });
    setFitting((n) => n + 1);
  };
  const fitRef = useRef(fit);
  fitRef.current = fit;
  // The zoom is fitted to the cut's drawing, laid out in the same render as the cut.
  const { fit: fitZoom } = zoom;
  useEffect(() => {
    if (fitting > 0) fitZoom();
  }, [fitting, fitZoom]);
  // Fitted when first drawn and when the layout changes; later drawings keep the user's zoom and pan.
  const drawn = useRef(false);
  useEffect(() => {
    if (!ready || !layout || drawn.current) return;
    drawn.current = true;
    fitRef.current();
  }, [ready, layout]);
  const shownOrientation = useRef(orientation);
  useEffect(() => {
    if (shownOrientation.current === orientation) return;
    shownOrientation.current = orientation;
    fitRef.current();
  }, [orientation]);

  // The details narrow the board: the box they are about stays in sight.
  const { panBy } = zoom;
  const [detailsFor, setDetailsFor] = useState<string | null>(null);
  useEffect(() => {
    const el = viewport.current;
    const box = detailsFor === null ? undefined : layout?.boxes.find((b) => b.node.key === detailsFor);
    if (!el || !box) return;
    const { k, x, y } = zoom.transform;
    const right = x + (box.x + BOX_W) * k;
    const bottom = y + (box.y + BOX_H) * k;
    const dx = right > el.clientWidth ? el.clientWidth - right - 16 : 0;
    const dy = bottom > el.clientHeight ? el.clientHeight - bottom - 16 : 0;
    if (dx !== 0 || dy !== 0) panBy(dx, dy);
    setDetailsFor(null);
    // Once, when the details open (the transform and layout of that moment); later pans are the user's.
  }, [detailsFor]);

  // A branch chosen elsewhere (the Structure panel) becomes the box in hand.
  useEffect(() => {
    if (prefix !== '') setCurrent(null);
  }, [prefix]);

  const targets = useMemo(() => {
    const keys = new Set<string>();
    for (const b of layout?.boxes ?? []) if (b.node.kind === 'branch' && isHostOrPath(b.node.key)) keys.add(b.node.key);
    return [...keys].sort();
  }, [layout]);

  const handlers = useRef<BoxHandlers>(null as unknown as BoxHandlers);
  const latest = {
    choose: (box: PlacedBox) => {
      const n = box.node;
      if (n.kind === 'more') return showMore(n.parent);
      setCurrent(n.key);
      setDetailsOpen(true);
      setDetailsFor(n.key);
      void setQuery({ prefix: n.kind === 'root' || prefix === n.key ? '' : n.key });
    },
    toggle,
    prefix,
  };
  const live = useRef(latest);
  live.current = latest;
  handlers.current ??= {
    onPointerDown: (e: PointerEvent<SVGGElement>, box: PlacedBox) => {
      if (e.button !== 0) return;
      const key = box.node.key;
      const movable = box.node.kind === 'branch' && isPathBranch(key);
      // A box that cannot move (a host, "N more") pans the diagram when dragged, as the background does.
      if (movable) e.stopPropagation();
      const x0 = e.clientX;
      const y0 = e.clientY;
      let moved = false;
      let dragging = false;
      let over: string | null = null;
      const move = (m: globalThis.PointerEvent) => {
        if (!moved && Math.hypot(m.clientX - x0, m.clientY - y0) < DRAG_THRESHOLD) return;
        moved = true;
        if (!movable) return;
        dragging = true;
        const hit = document.elementFromPoint(m.clientX, m.clientY)?.closest('.dg-box');
        const k = hit?.getAttribute('data-kind') === 'branch' ? hit.getAttribute('data-key') : null;
        over = k !== null && k !== key ? k : null;
        setDrag({ key, over });
      };
      const up = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        setDrag(null);
        if (!moved) live.current.choose(box);
        else if (dragging && over !== null) setAction({ kind: 'move', key, toParent: over });
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    },
    onKeyDown: (e: KeyboardEvent<SVGGElement>, box: PlacedBox) => {
      const n = box.node;
      let handled = true;
      if (e.key === 'Enter' || e.key === ' ') live.current.choose(box);
      else if (e.key === 'ArrowRight' && n.kind === 'branch' && n.node.hasChildren) live.current.toggle(n.key, true);
      else if (e.key === 'ArrowLeft' && n.kind === 'branch' && n.expanded) live.current.toggle(n.key, false);
      else if ((e.key === 'm' || e.key === 'M') && n.kind === 'branch' && isPathBranch(n.key))
        setAction({ kind: 'move', key: n.key });
      else if (e.key === 'F2' && n.kind === 'branch' && isPathBranch(n.key)) setAction({ kind: 'rename', key: n.key });
      else if ((e.key === 'a' || e.key === 'A') && n.kind === 'branch') setAction({ kind: 'add', key: n.key });
      else handled = false;
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    },
    onToggle: (box: PlacedBox) => live.current.toggle(box.node.key),
    onHover: (box: PlacedBox | null, e: PointerEvent<SVGGElement>) => {
      const area = viewport.current?.getBoundingClientRect();
      const n = box?.node;
      if (!n || !area || n.kind !== 'branch') return setHover(null);
      setHover({ url: n.node.box?.loc ?? n.key, x: e.clientX - area.left + 12, y: e.clientY - area.top + 16 });
    },
  };

  if (!summary) return null;

  // A box in hand that was just moved or renamed is followed to its new key (the dialog
  // closing gives the focus back to the old box, which then names the old key).
  // Once the edit is undone the old box is back, and is itself again.
  const boxes = layout?.boxes ?? [];
  const gone = current !== null && !boxes.some((b) => b.node.key === current);
  const held =
    current !== null && gone && lastEdit !== null && locInBranch(current, lastEdit.from)
      ? lastEdit.to + current.slice(lastEdit.from.length)
      : current;
  const focusKey = held ?? (prefix !== '' ? prefix : null);
  const focused = focusKey === null ? undefined : boxes.find((b) => b.node.key === focusKey);

  const onViewportKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const onBox = (e.target as Element).closest('.dg-box') !== null;
    if (e.key === '0') {
      fit();
      e.preventDefault();
    } else if (zoom.onKey(e.key, onBox)) e.preventDefault();
  };
  // The branch in hand is where it went; a move opens its new parent so that it stays in sight.
  const onApplied = (edit: BranchEdit, to: string) => {
    setCurrent(to);
    setLastEdit({ from: edit.from, to });
    if (edit.kind === 'move') reveal(edit.toParent);
  };

  return (
    <section className="panel dg-view" aria-labelledby="dg-title">
      <h2 id="dg-title" className="visually-hidden">
        Diagram
      </h2>
      <DiagramToolbar onZoomIn={zoom.zoomIn} onZoomOut={zoom.zoomOut} onFit={fit} />
      <div className="dg-stage">
        <div
          ref={viewport}
          className={`dg-viewport${drag ? ' dg-is-dragging' : ''}`}
          tabIndex={0}
          aria-label="Diagram area: + and − zoom, 0 fits, arrows pan; on a box, Enter chooses, → and ← open and close, M moves, F2 renames, A adds a page"
          aria-busy={loading}
          onKeyDown={onViewportKey}
          onFocus={(e) => {
            const key = (e.target as Element).closest('.dg-box')?.getAttribute('data-key');
            if (key && (e.target as Element).getAttribute('data-kind') === 'branch') setCurrent(key);
          }}
          onPointerDown={(e) => {
            if (e.button === 0) zoom.startPan(e);
          }}
        >
          {layout && layout.boxes.length > 0 ? (
            <DiagramSvg
              layout={layout}
              transform={zoom.transform}
              selected={focusKey ?? ''}
              dragging={drag?.key ?? null}
              dropTarget={drag?.over ?? null}
              svgRef={svgRef}
              handlers={handlers.current}
            />
          ) : (
            <p className="muted dg-empty">{loading ? 'Drawing the diagram…' : 'No URLs to draw.'}</p>
          )}
          {hover && !drag && (
            <div className="dg-hover" style={{ left: hover.x, top: hover.y }} aria-hidden="true">
              {hover.url}
            </div>
          )}
        </div>
        {detailsOpen && focused && (
          <BoxDetails
            // A field being typed in belongs to its box: another box starts afresh.
            key={focused.node.key}
            node={focused.node}
            prefix={prefix}
            viewCount={viewCount}
            onAction={setAction}
            onShowTable={() => setMainView('table')}
            onClose={() => setDetailsOpen(false)}
          />
        )}
      </div>
      <BranchDialog action={action} targets={targets} onClose={() => setAction(null)} onApplied={onApplied} />
    </section>
  );
}

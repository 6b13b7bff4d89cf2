import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { isHostOrPath, isPathBranch, type BranchEdit } from '../../core/edit/move-branch';
import { locInBranch } from '../../core/text/url-branches';
import { useAppStore } from '../../store/app-store';
import { plural } from '../format';
import { saveBlob } from '../export/download';
import { BranchDialog, branchName, type BranchAction } from './BranchDialog';
import { DiagramSvg } from './DiagramSvg';
import { svgDocument, pngOf } from './export-image';
import { BOX_H, BOX_W, layoutDiagram, type PlacedBox } from './layout';
import { RedirectMapButton } from './RedirectMapButton';
import { useDiagramLevels } from './useDiagramLevels';
import { useZoomPan } from './useZoomPan';
import './diagram.css';

/** Pointer travel (px) before a press on a box becomes a drag. */
const DRAG_THRESHOLD = 5;
const EMPTY_LAYOUT = { boxes: [], links: [], width: 0, height: 0 };

/**
 * The site as a diagram: boxes for the hosts and path segments, lines from
 * parent to child. Choosing a box filters the table to its branch (as the
 * Structure panel does); dragging one onto another moves that branch, with
 * a preview first; the keyboard has the same through the action buttons.
 */
export function DiagramView() {
  const summary = useAppStore((s) => s.summary);
  const prefix = useAppStore((s) => s.query.prefix ?? '');
  const viewCount = useAppStore((s) => s.viewCount);
  const setQuery = useAppStore((s) => s.setQuery);
  const setMainView = useAppStore((s) => s.setMainView);
  const reportFailure = useAppStore((s) => s.reportFailure);
  const { levels, tree, loading, toggle, reveal, showMore } = useDiagramLevels();
  const layout = useMemo(() => (tree ? layoutDiagram(tree) : EMPTY_LAYOUT), [tree]);
  const viewport = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const zoom = useZoomPan(viewport, layout);
  const [action, setAction] = useState<BranchAction | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [drag, setDrag] = useState<{ key: string; over: string | null } | null>(null);
  const [printing, setPrinting] = useState(false);
  const [lastEdit, setLastEdit] = useState<{ from: string; to: string } | null>(null);

  // The first drawing is fitted to the window (at a zoom that can still be read); later ones keep the user's zoom and pan.
  const fitted = useRef(false);
  const { fitReadable } = zoom;
  const prefixAtOpen = useRef(prefix);
  useEffect(() => {
    // The table's branch when the diagram opens (back from the table), else the top box, in view.
    const top = layout.boxes.find((b) => b.node.key === prefixAtOpen.current) ?? layout.boxes[0];
    // A one-host set is drawn once its first level is there.
    if (fitted.current || !top || (tree?.kind === 'branch' && !tree.expanded && tree.node.hasChildren && loading))
      return;
    fitted.current = true;
    fitReadable({ x: top.x + BOX_W / 2, y: top.y + BOX_H / 2 });
  }, [layout, tree, loading, fitReadable]);

  // Printed at full size, whatever the zoom: the picture fits the page width.
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  // A branch chosen elsewhere (the Structure panel) becomes the box in hand.
  useEffect(() => {
    if (prefix !== '') setCurrent(null);
  }, [prefix]);

  const targets = useMemo(() => {
    const keys = new Set<string>();
    for (const [key, level] of levels) {
      if (key !== '') keys.add(key);
      for (const c of level.children) if (isHostOrPath(c.key)) keys.add(c.key);
    }
    return [...keys].sort();
  }, [levels]);

  if (!summary) return null;

  // A box in hand that was just moved or renamed is followed to its new key (the dialog
  // closing gives the focus back to the old box, which then names the old key).
  // Once the edit is undone the old box is back, and is itself again.
  const gone = current !== null && !layout.boxes.some((b) => b.node.key === current);
  const held =
    current !== null && gone && lastEdit !== null && locInBranch(current, lastEdit.from)
      ? lastEdit.to + current.slice(lastEdit.from.length)
      : current;
  const focusKey = held ?? (prefix !== '' ? prefix : null);
  const choose = (box: PlacedBox) => {
    const n = box.node;
    if (n.kind === 'more') return showMore(n.parent);
    setCurrent(n.key);
    void setQuery({ prefix: n.kind === 'root' || prefix === n.key ? '' : n.key });
  };

  const onPointerDown = (e: PointerEvent<SVGGElement>, box: PlacedBox) => {
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
      if (!moved) choose(box);
      else if (dragging && over !== null) setAction({ kind: 'move', key, toParent: over });
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const onBoxKeyDown = (e: KeyboardEvent<SVGGElement>, box: PlacedBox) => {
    const n = box.node;
    let handled = true;
    if (e.key === 'Enter' || e.key === ' ') choose(box);
    else if (e.key === 'ArrowRight' && n.kind === 'branch' && n.node.hasChildren) toggle(n.key, true);
    else if (e.key === 'ArrowLeft' && n.kind === 'branch' && n.expanded) toggle(n.key, false);
    else if ((e.key === 'm' || e.key === 'M') && n.kind === 'branch' && isPathBranch(n.key))
      setAction({ kind: 'move', key: n.key });
    else if (e.key === 'F2' && n.kind === 'branch' && isPathBranch(n.key)) setAction({ kind: 'rename', key: n.key });
    else if ((e.key === 'a' || e.key === 'A') && n.kind === 'branch') setAction({ kind: 'add', key: n.key });
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const onViewportKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const onBox = (e.target as Element).closest('.dg-box') !== null;
    if (zoom.onKey(e.key, onBox)) e.preventDefault();
  };

  const downloadSvg = () => {
    if (!svgRef.current) return;
    const doc = svgDocument(svgRef.current);
    saveBlob(new Blob([doc.text], { type: 'image/svg+xml' }), 'site-diagram.svg');
  };
  const downloadPng = async () => {
    if (!svgRef.current) return;
    try {
      saveBlob(await pngOf(svgDocument(svgRef.current)), 'site-diagram.png');
    } catch (err) {
      reportFailure('Drawing the PNG', err, null);
    }
  };

  const hosts = levels.get('');
  const title = `Site diagram — ${tree?.kind === 'branch' && hosts?.children.length === 1 ? tree.node.label : plural((hosts?.children.length ?? 0) + (hosts?.omitted ?? 0), 'host')}`;
  const date = `${new Date().toISOString().slice(0, 10)} · ${plural(summary.urlCount, 'URL')} · ${plural(summary.counts.error, 'error')} · ${plural(summary.counts.warning, 'warning')}`;
  // The branch in hand is where it went; a move opens its new parent so that it stays in sight.
  const onApplied = (edit: BranchEdit, to: string) => {
    setCurrent(to);
    setLastEdit({ from: edit.from, to });
    if (edit.kind === 'move') reveal(edit.toParent);
  };

  return (
    <section className={`panel dg-view${printing ? ' dg-printing' : ''}`} aria-labelledby="dg-title">
      <div className="dg-toolbar">
        <h2 id="dg-title" className="visually-hidden">
          Diagram
        </h2>
        <div className="dg-group" role="group" aria-label="Zoom">
          <button type="button" className="button" onClick={zoom.zoomIn} aria-label="Zoom in" title="Zoom in (+)">
            +
          </button>
          <button type="button" className="button" onClick={zoom.zoomOut} aria-label="Zoom out" title="Zoom out (−)">
            −
          </button>
          <button type="button" className="button" onClick={zoom.fit} title="Fit to window (0)">
            Fit
          </button>
        </div>
        <div className="dg-group">
          <button type="button" className="button" onClick={downloadSvg}>
            Download SVG
          </button>
          <button type="button" className="button" onClick={() => void downloadPng()}>
            Download PNG
          </button>
          <button type="button" className="button" onClick={() => window.print()}>
            Print
          </button>
        </div>
        <RedirectMapButton />
      </div>
      <BoxActions
        focusKey={focusKey}
        prefix={prefix}
        viewCount={viewCount}
        onAction={setAction}
        onShowTable={() => setMainView('table')}
      />
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
        {layout.boxes.length > 0 ? (
          <DiagramSvg
            layout={layout}
            title={title}
            date={date}
            transform={printing ? { k: 1, x: 0, y: 0 } : zoom.transform}
            selected={prefix}
            dragging={drag?.key ?? null}
            dropTarget={drag?.over ?? null}
            svgRef={svgRef}
            printing={printing}
            onPointerDown={onPointerDown}
            onKeyDown={onBoxKeyDown}
            onToggle={(box) => toggle(box.node.key)}
          />
        ) : (
          <p className="muted dg-empty">{loading ? 'Drawing the diagram…' : 'No URLs to draw.'}</p>
        )}
      </div>
      <BranchDialog action={action} targets={targets} onClose={() => setAction(null)} onApplied={onApplied} />
    </section>
  );
}

/** What can be done to the box in hand (the focused one, else the table's branch), by button. */
function BoxActions({
  focusKey,
  prefix,
  viewCount,
  onAction,
  onShowTable,
}: {
  focusKey: string | null;
  prefix: string;
  viewCount: number;
  onAction: (a: BranchAction) => void;
  onShowTable: () => void;
}) {
  const path = focusKey !== null && isPathBranch(focusKey);
  const branch = focusKey !== null && isHostOrPath(focusKey);
  return (
    <div className="dg-actions" data-testid="diagram-actions">
      <span className="dg-current">
        {focusKey ? (
          <code>{branchName(focusKey)}</code>
        ) : (
          <span className="muted">Choose a box: it filters the table; drag it onto another to move it.</span>
        )}
      </span>
      {path && (
        <>
          <button type="button" className="button" onClick={() => onAction({ kind: 'move', key: focusKey })}>
            Move to…
          </button>
          <button type="button" className="button" onClick={() => onAction({ kind: 'rename', key: focusKey })}>
            Rename…
          </button>
        </>
      )}
      {branch && (
        <button type="button" className="button" onClick={() => onAction({ kind: 'add', key: focusKey })}>
          Add page…
        </button>
      )}
      {prefix !== '' && (
        <button type="button" className="button button-quiet" onClick={onShowTable}>
          Show {plural(viewCount, 'URL')} in the table
        </button>
      )}
    </div>
  );
}

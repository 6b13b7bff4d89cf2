import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ViewTransform } from './DiagramSvg';

const MIN_K = 0.05;
const MAX_K = 3;
const STEP = 1.25;
const PAN_STEP = 80;

const clampK = (k: number) => Math.min(MAX_K, Math.max(MIN_K, k));

/**
 * Zoom and pan of the diagram's viewport: Ctrl/⌘ + wheel (a trackpad's
 * pinch) zooms around the pointer and the wheel pans, as in drawing tools;
 * dragging the background pans; the caller adds buttons and keys.
 */
export function useZoomPan(viewport: RefObject<HTMLDivElement | null>, size: { width: number; height: number }) {
  const [t, setT] = useState<ViewTransform>({ k: 1, x: 0, y: 0 });
  const sizeRef = useRef(size);
  sizeRef.current = size;

  /** Zooms by a factor around a point of the viewport (its middle by default). */
  const zoomBy = useCallback(
    (factor: number, at?: { x: number; y: number }) => {
      const el = viewport.current;
      const cx = at?.x ?? (el ? el.clientWidth / 2 : 0);
      const cy = at?.y ?? (el ? el.clientHeight / 2 : 0);
      setT((p) => {
        const k = clampK(p.k * factor);
        const r = k / p.k;
        return { k, x: cx - (cx - p.x) * r, y: cy - (cy - p.y) * r };
      });
    },
    [viewport],
  );

  const panBy = useCallback((dx: number, dy: number) => setT((p) => ({ ...p, x: p.x + dx, y: p.y + dy })), []);

  /** The whole diagram in the viewport (never larger than life). */
  const fit = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const { width, height } = sizeRef.current;
    const vw = el.clientWidth;
    const vh = el.clientHeight;
    if (vw === 0 || vh === 0 || width === 0 || height === 0) return;
    const k = clampK(Math.min(vw / width, vh / height, 1));
    setT({ k, x: (vw - width * k) / 2, y: Math.max(0, (vh - height * k) / 2) });
  }, [viewport]);

  // React's wheel listener is passive: this one must not be, to keep the page from scrolling.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      if (e.ctrlKey || e.metaKey) {
        const r = el.getBoundingClientRect();
        zoomBy(Math.exp(-e.deltaY * 0.002), { x: e.clientX - r.left, y: e.clientY - r.top });
      } else panBy(-e.deltaX, -e.deltaY);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [viewport, zoomBy, panBy]);

  /** Starts panning by dragging the background from this pointer event. */
  const startPan = useCallback(
    (e: { clientX: number; clientY: number }) => {
      let lastX = e.clientX;
      let lastY = e.clientY;
      const move = (m: PointerEvent) => {
        panBy(m.clientX - lastX, m.clientY - lastY);
        lastX = m.clientX;
        lastY = m.clientY;
      };
      const up = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    },
    [panBy],
  );

  /** The viewport's keys: + and − zoom, 0 fits, the arrows pan. True when the key was one of them. */
  const onKey = useCallback(
    (key: string, onBox: boolean): boolean => {
      switch (key) {
        case '+':
        case '=':
          zoomBy(STEP);
          return true;
        case '-':
          zoomBy(1 / STEP);
          return true;
        case '0':
          fit();
          return true;
      }
      if (onBox) return false;
      const d: Record<string, [number, number]> = {
        ArrowLeft: [PAN_STEP, 0],
        ArrowRight: [-PAN_STEP, 0],
        ArrowUp: [0, PAN_STEP],
        ArrowDown: [0, -PAN_STEP],
      };
      const by = d[key];
      if (!by) return false;
      panBy(by[0], by[1]);
      return true;
    },
    [zoomBy, fit, panBy],
  );

  return {
    transform: t,
    zoomIn: () => zoomBy(STEP),
    zoomOut: () => zoomBy(1 / STEP),
    fit,
    panBy,
    startPan,
    onKey,
  };
}

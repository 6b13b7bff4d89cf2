import { useLayoutEffect, useState, type RefObject } from 'react';
import { ROW_HEIGHT } from './scroll-map';

/** The grid's inner size, followed as the window or the layout changes: the rows' viewport (below the header) and the width. */
export function useScrollerSize(
  scrollerRef: RefObject<HTMLElement | null>,
  headRef: RefObject<HTMLElement | null>,
): { viewport: number; width: number } {
  const [size, setSize] = useState({ viewport: 480, width: 960 });
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const measure = () => {
      const viewport = Math.max(ROW_HEIGHT, scroller.clientHeight - (headRef.current?.offsetHeight ?? 0));
      const width = scroller.clientWidth;
      setSize((s) => (s.viewport === viewport && s.width === width ? s : { viewport, width }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scrollerRef, headRef]);
  return size;
}

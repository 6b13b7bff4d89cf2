import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import type { ClusterRow } from '../../worker/languages-protocol';

/** Clusters asked of the worker at a time. */
const CLUSTER_PAGE = 50;
/** Pages kept beyond those in view, each way: the rest are dropped, so scrolling a million clusters holds few. */
const PAGES_KEPT = 4;

/**
 * The clusters of the window drawn, fetched from the worker a page at a time
 * as the grid fetches its rows: the page never holds every cluster. `list`
 * names what is listed (the counts' answer): a new one drops every page.
 */
export function useClusterPages(
  list: unknown,
  count: number,
  start: number,
  end: number,
): (i: number) => ClusterRow | undefined {
  const fetchClusters = useAppStore((s) => s.languageClusters);
  const [pages, setPages] = useState<{ list: unknown; byPage: Map<number, ClusterRow[]> }>({
    list,
    byPage: new Map(),
  });
  const asked = useRef<{ list: unknown; pages: Set<number> }>({ list, pages: new Set() });

  useEffect(() => {
    if (asked.current.list !== list) asked.current = { list, pages: new Set() };
    if (count === 0 || end <= start) return;
    const first = Math.floor(start / CLUSTER_PAGE);
    const last = Math.floor((Math.min(end, count) - 1) / CLUSTER_PAGE);
    for (let p = first; p <= last; p++) {
      if (asked.current.pages.has(p)) continue;
      asked.current.pages.add(p);
      void fetchClusters(p * CLUSTER_PAGE, (p + 1) * CLUSTER_PAGE).then((rows) => {
        if (asked.current.list !== list) return;
        setPages((had) => {
          const byPage = new Map(had.list === list ? had.byPage : []);
          byPage.set(p, rows);
          // Far pages go: they are asked again if the window comes back.
          for (const k of byPage.keys()) {
            if (k < first - PAGES_KEPT || k > last + PAGES_KEPT) {
              byPage.delete(k);
              asked.current.pages.delete(k);
            }
          }
          return { list, byPage };
        });
      });
    }
  }, [list, count, start, end, fetchClusters]);

  return (i) => (pages.list === list ? pages.byPage.get(Math.floor(i / CLUSTER_PAGE))?.[i % CLUSTER_PAGE] : undefined);
}

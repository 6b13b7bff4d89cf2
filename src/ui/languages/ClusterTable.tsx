import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { LanguagesSummary } from '../../worker/languages-protocol';
import { clusterOrigin, MembersCell, StatusCell, XDefaultCell } from './ClusterCells';
import { useClusterPages } from './useClusterPages';
import { useWords } from '../i18n/words';

/** Every row is this tall, so the window drawn follows from the scroll position alone. */
const ROW_PX = 68;
const HEADER_PX = 34;
/** Rows drawn beyond those in view, each way. */
const OVERSCAN = 6;

/**
 * The clusters as a table, a row each: one column per language, x-default
 * last. Only the rows in view exist (a million clusters draw as a dozen),
 * their data fetched from the worker a page at a time (useClusterPages).
 */
export function ClusterTable({ summary, busy }: { summary: LanguagesSummary; busy: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const count = summary.shown;
  const words = useWords();
  const unknownColumn = summary.unknown > 0;

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Another list starts at its top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [summary.byPrefix, summary.shown]);

  const start = Math.max(0, Math.floor(view.top / ROW_PX) - OVERSCAN);
  const end = Math.min(count, Math.ceil((view.top + view.height) / ROW_PX) + OVERSCAN);
  const rowAt = useClusterPages(summary, count, start, end);
  const columns = [...summary.languages, 'x-default', ...(unknownColumn ? [words.t('clusters.noLanguageColumn')] : [])];
  const grid: CSSProperties = {
    gridTemplateColumns: `7.5rem repeat(${summary.languages.length}, minmax(10rem, 1fr)) minmax(11rem, 1fr)${unknownColumn ? ' minmax(10rem, 1fr)' : ''}`,
  };

  const drawn = [];
  for (let i = start; i < end; i++) {
    const row = rowAt(i);
    const style: CSSProperties = { ...grid, top: HEADER_PX + i * ROW_PX, height: ROW_PX };
    if (!row) {
      drawn.push(
        <div key={i} role="row" aria-rowindex={i + 2} className="lg-row lg-loading" style={style}>
          <div role="cell" className="lg-cell lg-first">
            <span className="lg-num">{i + 1}</span> <span className="muted">{words.t('details.loading')}</span>
          </div>
        </div>,
      );
      continue;
    }
    const origin = clusterOrigin(row);
    drawn.push(
      <div key={i} role="row" aria-rowindex={i + 2} className="lg-row" style={style} data-testid="cluster-row">
        <div role="cell" className="lg-cell lg-first">
          <StatusCell row={row} index={i} />
        </div>
        {summary.languages.map((lang, l) => {
          const members = row.members.filter((m) => m.lang === l);
          return (
            <div role="cell" key={lang} className={`lg-cell${members.length > 1 ? ' lg-cell-conflict' : ''}`}>
              <MembersCell members={members} total={row.memberCounts[l] ?? 0} origin={origin} />
            </div>
          );
        })}
        <div role="cell" className="lg-cell">
          <XDefaultCell row={row} index={i} origin={origin} languages={summary.languages} disabled={busy} />
        </div>
        {unknownColumn && (
          <div role="cell" className="lg-cell">
            <MembersCell
              members={row.members.filter((m) => m.lang < 0)}
              total={row.memberCounts[summary.languages.length] ?? 0}
              origin={origin}
            />
          </div>
        )}
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      className="lg-scroller"
      role="table"
      aria-label={words.t('clusters.table')}
      aria-rowcount={count + 1}
      aria-colcount={columns.length + 1}
      onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
    >
      <div className="lg-body" style={{ height: HEADER_PX + count * ROW_PX }}>
        <div role="row" aria-rowindex={1} className="lg-row lg-head" style={{ ...grid, height: HEADER_PX }}>
          <div role="columnheader" className="lg-cell lg-first">
            {words.t('clusters.cluster')}
          </div>
          {columns.map((c) => (
            <div role="columnheader" key={c} className="lg-cell" data-column={c}>
              {c}
            </div>
          ))}
        </div>
        {drawn}
      </div>
    </div>
  );
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SIDE_PANEL_DELAY_MS } from './side-panel-delay';
import type { LastmodBar } from '../../core/view/lastmod-chart';
import { STALE_YEARS } from '../../core/view/lastmod-chart';
import { useAppStore } from '../../store/app-store';
import { formatNumber, plural } from '../format';
import './lastmod-chart.css';

/** The accessible name of a bar: what it is, how many, and what is special about it. */
function barName(bar: LastmodBar): string {
  const notes = [bar.future ? 'in the future' : '', bar.stale ? `over ${STALE_YEARS} years old` : ''].filter(Boolean);
  return `${bar.label}: ${plural(bar.count, 'URL')}${notes.length > 0 ? `, ${notes.join(', ')}` : ''}`;
}

/**
 * How the lastmods of the rows the table shows spread over time, beside the
 * structure tree: a bar per month (or year), a sentence saying the same for
 * screen readers, and the quiet mistakes (all identical, most on one day,
 * stale, future). Choosing a bar filters the table to that month.
 */
export function LastmodChart() {
  const hasDocument = useAppStore((s) => s.summary !== null);
  const urlCount = useAppStore((s) => s.summary?.urlCount ?? 0);
  // What the chart counts: the rows (a new summary after every change) and the
  // table's filters, not its order: a sort must not cost a pass over every row.
  const summary = useAppStore((s) => s.summary);
  const filters = useAppStore((s) => JSON.stringify({ ...s.query, sort: null }));
  const chart = useAppStore((s) => s.lastmodChart);
  const period = useAppStore((s) => s.query.lastmodPeriod ?? '');
  const load = useAppStore((s) => s.loadLastmodChart);
  const setQuery = useAppStore((s) => s.setQuery);
  const [open, setOpen] = useState(true);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  const bars = useRef<(HTMLButtonElement | null)[]>([]);
  const moved = useRef(false);

  // Asked a moment after a change, as the tree does (see SIDE_PANEL_DELAY_MS).
  useEffect(() => {
    if (!hasDocument || !open) return;
    const timer = window.setTimeout(() => void load(), SIDE_PANEL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hasDocument, summary, filters, open, load]);

  const list = chart?.bars ?? [];
  const pressed = list.findIndex((b) => b.period !== null && b.period === period);
  let fullest = 0;
  list.forEach((b, k) => {
    if (b.count > (list[fullest]?.count ?? 0)) fullest = k;
  });
  const current = focusAt !== null && focusAt < list.length ? focusAt : pressed >= 0 ? pressed : fullest;

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    bars.current[current]?.focus();
  }, [current]);

  if (!hasDocument) return null;

  const max = list.reduce((m, b) => Math.max(m, b.count), 0);
  const rows = chart?.histogram.rows ?? 0;
  const scope = rows === urlCount ? `All ${plural(urlCount, 'URL')}` : `The ${plural(rows, 'URL')} the table shows`;

  const choose = (bar: LastmodBar) => {
    if (bar.period === null || bar.count === 0) return;
    void setQuery({ lastmodPeriod: bar.period === period ? '' : bar.period });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = list.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? Math.min(current + 1, last)
        : e.key === 'ArrowLeft'
          ? Math.max(current - 1, 0)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    moved.current = true;
    setFocusAt(to);
  };

  return (
    <section className="panel lastmod-chart" aria-labelledby="lastmod-chart-title">
      <div className="st-head">
        <h2 id="lastmod-chart-title">
          <button type="button" className="st-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? '▾' : '▸'} Lastmod by {chart?.unit ?? 'month'}
          </button>
        </h2>
        {period !== '' && (
          <button
            type="button"
            className="button button-quiet st-all"
            onClick={() => void setQuery({ lastmodPeriod: '' })}
          >
            All {period.length === 4 ? 'years' : 'months'}
          </button>
        )}
      </div>
      {open && chart && (
        <>
          <p className="lm-scope muted">{scope}</p>
          <p id="lastmod-chart-summary" className="lm-summary" data-testid="lastmod-summary">
            {chart.summary}
          </p>
          {list.length > 0 && (
            <>
              <div
                role="group"
                aria-label={`Lastmod by ${chart.unit}: choose one to filter the table`}
                aria-describedby="lastmod-chart-summary"
                className="lm-bars"
                onKeyDown={onKeyDown}
              >
                {list.map((bar, k) => {
                  const inert = bar.period === null || bar.count === 0;
                  const height = bar.count === 0 ? 0 : Math.max(3, (bar.count / max) * 100);
                  return (
                    <button
                      key={bar.label}
                      ref={(el) => {
                        bars.current[k] = el;
                      }}
                      type="button"
                      className={`lm-bar${bar.future ? ' lm-future' : ''}${bar.stale ? ' lm-stale' : ''}${k === pressed ? ' lm-pressed' : ''}`}
                      aria-label={barName(bar)}
                      aria-pressed={inert ? undefined : k === pressed}
                      aria-disabled={inert || undefined}
                      title={barName(bar)}
                      tabIndex={k === current ? 0 : -1}
                      onFocus={() => setFocusAt(k)}
                      onClick={() => choose(bar)}
                    >
                      <span className="lm-fill" style={{ height: `${height}%` }} />
                    </button>
                  );
                })}
              </div>
              <div className="lm-axis muted" aria-hidden="true">
                <span>{list[0]?.label}</span>
                {list.length > 1 && <span>{list[list.length - 1]?.label}</span>}
              </div>
            </>
          )}
          {chart.findings.length > 0 && (
            <ul className="lm-findings" aria-label="Lastmod findings">
              {chart.findings.map((f) => (
                <li key={f.kind} className={`lm-finding lm-finding-${f.kind}`} data-kind={f.kind}>
                  {f.text}
                </li>
              ))}
            </ul>
          )}
          {max > 0 && (
            <p className="lm-scale muted">
              {[
                `Tallest bar: ${formatNumber(max)}`,
                list.some((b) => b.stale) ? `grey: over ${STALE_YEARS} years old` : '',
                list.some((b) => b.future) ? 'amber: in the future' : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

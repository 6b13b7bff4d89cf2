import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SIDE_PANEL_DELAY_MS } from './side-panel-delay';
import type { LastmodBar } from '../../core/view/lastmod-chart';
import { STALE_YEARS } from '../../core/view/lastmod-chart';
import { useAppStore } from '../../store/app-store';
import { useWords, type Words } from '../i18n/words';
import './lastmod-chart.css';

/**
 * A bar's period: "2024-05" or "2024" as the lastmods write them, the same in
 * every language; "before 2010" is core's words, English until they are keyed.
 */
function barLabel(bar: LastmodBar, words: Words): string {
  void words;
  return bar.label;
}

/** The accessible name of a bar: what it is, how many, and what is special about it. */
function barName(bar: LastmodBar, words: Words): string {
  const notes = [
    bar.future ? words.t('lastmod.future') : '',
    bar.stale ? words.t('lastmod.stale', { years: STALE_YEARS }) : '',
  ].filter(Boolean);
  return [words.t('lastmod.bar', { label: barLabel(bar, words), count: bar.count }), ...notes].join(
    words.t('list.separator'),
  );
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
  const words = useWords();

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
  const scope =
    rows === urlCount
      ? words.t('lastmod.scopeAll', { count: urlCount })
      : words.t('lastmod.scopeShown', { count: rows });

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
            {open ? '▾' : '▸'} {words.t('lastmod.title', { unit: chart?.unit ?? 'month' })}
          </button>
        </h2>
        {period !== '' && (
          <button
            type="button"
            className="button button-quiet st-all"
            onClick={() => void setQuery({ lastmodPeriod: '' })}
          >
            {words.t(period.length === 4 ? 'lastmod.allYears' : 'lastmod.allMonths')}
          </button>
        )}
      </div>
      {open && chart && (
        <>
          <p className="lm-scope muted">{scope}</p>
          {/* The summary and the findings are core's words, English until core's words are keyed. */}
          <p id="lastmod-chart-summary" className="lm-summary" data-testid="lastmod-summary">
            {chart.summary}
          </p>
          {list.length > 0 && (
            <>
              <div
                role="group"
                aria-label={words.t('lastmod.bars', { unit: chart.unit })}
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
                      aria-label={barName(bar, words)}
                      aria-pressed={inert ? undefined : k === pressed}
                      aria-disabled={inert || undefined}
                      title={barName(bar, words)}
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
                <span>{list[0] && barLabel(list[0], words)}</span>
                {list.length > 1 && <span>{barLabel(list[list.length - 1] as LastmodBar, words)}</span>}
              </div>
            </>
          )}
          {chart.findings.length > 0 && (
            <ul className="lm-findings" aria-label={words.t('lastmod.findings')}>
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
                words.t('lastmod.tallest', { max }),
                list.some((b) => b.stale) ? words.t('lastmod.grey', { years: STALE_YEARS }) : '',
                list.some((b) => b.future) ? words.t('lastmod.amber') : '',
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

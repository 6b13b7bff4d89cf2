import { CRAWL_NOT_IN_SITEMAP } from '../../core/rules/site-data/site-data-rules';
import type { CoverageFilter } from '../../core/view/coverage-view';
import type { MessageId } from '../../i18n/translator';
import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';
import './coverage.css';

const FILTERS: { filter: CoverageFilter; label: MessageId; title: MessageId }[] = [
  { filter: 'crawled', label: 'coverage.crawled', title: 'coverage.crawledTitle' },
  { filter: 'listedOnly', label: 'coverage.listedOnly', title: 'coverage.listedOnlyTitle' },
];

/**
 * Coverage: the sitemaps against a crawl export dropped with them. Listed
 * and crawled, and listed only, are rows: choosing one filters the table (in
 * the worker), as Compare's kinds do. Crawled only are pages no row lists:
 * they are the `crawl-not-in-sitemap` group of Problems, where Add N pages
 * adds them, so choosing the count goes there.
 */
export function CoveragePanel() {
  const summary = useAppStore((s) => s.summary);
  const shown = useAppStore((s) => s.query.coverage ?? null);
  const setQuery = useAppStore((s) => s.setQuery);
  const words = useWords();
  if (!summary) return null;
  const coverage = summary.coverage ?? null;

  const counts: Record<CoverageFilter, number> = coverage
    ? { crawled: coverage.crawled, listedOnly: coverage.listedOnly }
    : { crawled: 0, listedOnly: 0 };

  const toMissing = () => {
    const group = document.querySelector<HTMLElement>(`.problem-group[data-code="${CRAWL_NOT_IN_SITEMAP.code}"]`);
    if (!group) return;
    group.scrollIntoView({ block: 'nearest' });
    (group.querySelector<HTMLElement>('button:not([disabled])') ?? group).focus();
  };

  return (
    <section className="panel coverage" aria-labelledby="coverage-title" data-testid="coverage">
      <h2 id="coverage-title">{words.t('coverage.title')}</h2>
      {!coverage ? (
        <p className="muted cov-hint">{words.t('coverage.hint')}</p>
      ) : (
        <div className="cov-kinds" role="group" aria-label={words.t('coverage.label')}>
          {FILTERS.map(({ filter, label, title }) => (
            <button
              key={filter}
              type="button"
              className={`cov-kind cov-kind-${filter}`}
              aria-pressed={shown === filter}
              title={words.t(title)}
              data-testid={`coverage-${filter}`}
              onClick={() => void setQuery({ coverage: shown === filter ? null : filter })}
            >
              <span>{words.t(label)}</span> <span className="cov-count">{words.n(counts[filter])}</span>
            </button>
          ))}
          <button
            type="button"
            className="cov-kind cov-kind-missing"
            title={words.t(coverage.missing > 0 ? 'coverage.missingTitle' : 'coverage.noneMissing')}
            disabled={coverage.missing === 0}
            data-testid="coverage-missing"
            onClick={toMissing}
          >
            <span>{words.t('coverage.missing')}</span> <span className="cov-count">{words.n(coverage.missing)}</span>
          </button>
        </div>
      )}
    </section>
  );
}

import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store';
import { formatErrorsAndWarnings, formatNumber } from '../format';

/** The set's totals, with the url-count and problem-count test hooks. */
export function Totals() {
  const { urls, error, warning, info } = useAppStore(
    useShallow((s) => ({
      urls: s.summary?.urlCount ?? 0,
      error: s.summary?.counts.error ?? 0,
      warning: s.summary?.counts.warning ?? 0,
      info: s.summary?.counts.info ?? 0,
    })),
  );
  return (
    <dl className="totals" aria-label="Totals">
      <div className="total">
        <dt>URLs</dt>
        {/* Bare digits, so that tests and screen readers read one plain number. */}
        <dd data-testid="url-count" title={formatNumber(urls)}>
          {urls}
        </dd>
      </div>
      <div className="total">
        <dt>Problems</dt>
        <dd data-testid="problem-count" className={error > 0 ? 'has-errors' : warning > 0 ? 'has-warnings' : ''}>
          {formatErrorsAndWarnings(error, warning)}
        </dd>
      </div>
      {info > 0 && (
        <div className="total total-info">
          <dt>Notes</dt>
          <dd>{formatNumber(info)} info</dd>
        </div>
      )}
    </dl>
  );
}

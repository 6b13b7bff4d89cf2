import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

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
  const words = useWords();
  return (
    <dl className="totals" aria-label={words.t('totals.label')}>
      <div className="total">
        <dt>{words.t('totals.urls')}</dt>
        {/* Bare digits, so that tests and screen readers read one plain number. */}
        <dd data-testid="url-count" title={words.n(urls)}>
          {urls}
        </dd>
      </div>
      <div className="total">
        <dt>{words.t('totals.problems')}</dt>
        <dd data-testid="problem-count" className={error > 0 ? 'has-errors' : warning > 0 ? 'has-warnings' : ''}>
          {words.t('totals.errorsWarnings', { errors: error, warnings: warning })}
        </dd>
      </div>
      {info > 0 && (
        <div className="total total-info">
          <dt>{words.t('totals.notes')}</dt>
          <dd>{words.t('totals.info', { count: info })}</dd>
        </div>
      )}
    </dl>
  );
}

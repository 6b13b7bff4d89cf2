import './notice-details.css';
import { useAppStore } from '../store/app-store';
import type { Message } from '../core/base/message';
import { useWords } from './i18n/words';

/** The lines under a notice (a merge's conflicts), folded: the text says what happened, these say each case. */
function NoticeDetails({ lines }: { lines: readonly Message[] }) {
  const words = useWords();
  return (
    <details className="notice-details">
      <summary>{words.t('notice.details', { count: lines.length })}</summary>
      {/* It scrolls when long: focusable, so the keyboard can scroll it too (axe: scrollable-region-focusable). */}
      <ul tabIndex={0} aria-label={words.t('notice.detailsLabel')}>
        {lines.map((line, i) => (
          <li key={i}>{words.text(line)}</li>
        ))}
      </ul>
    </details>
  );
}

/** The outcome of the last job when the user needs to know it (cancelled, failed), with a Retry when it can be. */
export function NoticeBar() {
  const notice = useAppStore((s) => s.notice);
  const dismiss = useAppStore((s) => s.dismissNotice);
  const words = useWords();
  if (!notice) return null;
  const action = notice.action;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span>{words.text(notice.text)}</span>
      {notice.details && <NoticeDetails lines={notice.details} />}
      {action && (
        <button
          type="button"
          className="button"
          onClick={() => {
            dismiss();
            action.run();
          }}
        >
          {words.text(action.label)}
        </button>
      )}
      <button type="button" className="button button-quiet" onClick={dismiss} aria-label={words.t('notice.dismiss')}>
        ×
      </button>
    </div>
  );
}

import { useAppStore } from '../store/app-store';

/** The outcome of the last job when the user needs to know it (cancelled, failed), with a Retry when it can be. */
export function NoticeBar() {
  const notice = useAppStore((s) => s.notice);
  const dismiss = useAppStore((s) => s.dismissNotice);
  if (!notice) return null;
  const action = notice.action;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <span>{notice.text}</span>
      {action && (
        <button
          type="button"
          className="button"
          onClick={() => {
            dismiss();
            action.run();
          }}
        >
          {action.label}
        </button>
      )}
      <button type="button" className="button button-quiet" onClick={dismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

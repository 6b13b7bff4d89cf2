import { useEffect, useState } from 'react';
import { useModalDialog } from '../useModalDialog';
import { appStore, useAppStore } from '../../store/app-store';
import type { RowDetails } from '../../worker/protocol';
import { SeverityBadge } from '../problems/SeverityBadge';
import { AlternatesEditor } from './AlternatesEditor';
import { ExtEntries } from './ExtEntries';
import './details.css';
import { useWords } from '../i18n/words';
import { problemText } from '../../i18n/problem-text';
import { readableUrl } from '../../core/view/readable-url';

/**
 * One row's details: its hreflang alternates (editable) and its images,
 * videos, news and other extension elements, read from the worker for that
 * row only. A native modal <dialog>: Escape closes it, focus stays inside and
 * goes back to the table's cell after.
 */
export function RowDetailsDialog() {
  const rowId = useAppStore((s) => s.detailsRow);
  const open = rowId !== null;
  const ref = useModalDialog(open);

  return (
    <dialog
      ref={ref}
      className="details-dialog"
      aria-labelledby="details-title"
      aria-modal="true"
      onClose={() => appStore.getState().closeDetails()}
    >
      {rowId !== null && <DetailsBody rowId={rowId} />}
    </dialog>
  );
}

function DetailsBody({ rowId }: { rowId: number }) {
  // Fetched again whenever the rows change: an edit, an undo, a fix.
  const version = useAppStore((s) => s.viewVersion);
  const history = useAppStore((s) => s.history);
  const [details, setDetails] = useState<RowDetails | null | 'loading'>('loading');
  const words = useWords();

  useEffect(() => {
    let live = true;
    void appStore
      .getState()
      .fetchDetails(rowId)
      .then((d) => {
        if (live) setDetails(d);
      });
    return () => {
      live = false;
    };
  }, [rowId, version]);

  const close = () => appStore.getState().closeDetails();
  const d = details === 'loading' ? null : details;

  return (
    <div className="details-body">
      <div className="dialog-head details-head">
        <h2 id="details-title">{words.t('details.title')}</h2>
        {d && (
          <p className="details-where muted">
            {d.line > 0 ? words.t('details.fileLine', { file: d.file, line: d.line }) : d.file}
          </p>
        )}
        {/* Text, never a link: an imported javascript: URL must not become clickable. */}
        {d && <p className="details-loc">{d.loc ? readableUrl(d.loc) : words.t('details.noUrl')}</p>}
      </div>
      <div className="dialog-scroll details-scroll">
        {details === 'loading' && <p className="muted">{words.t('details.loading')}</p>}
        {details === null && <p>{words.t('details.gone')}</p>}
        {d && (
          <>
            {d.problems.length > 0 && (
              <section aria-labelledby="details-problems-title" className="details-section">
                <h3 id="details-problems-title">{words.t('details.problems')}</h3>
                <ul className="details-problems">
                  {d.problems.map((p, k) => (
                    <li key={k} data-code={p.code}>
                      <SeverityBadge severity={p.severity} /> <code>{p.code}</code> {problemText(p, words)}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <AlternatesEditor details={d} onChanged={setDetails} />
            <ExtEntries details={d} onChanged={setDetails} />
          </>
        )}
      </div>
      <div className="dialog-foot">
        <div className="foot-actions">
          <button
            type="button"
            className="button"
            disabled={!history.canUndo}
            title={
              history.undoLabel
                ? words.t('history.undoTitle', { label: history.undoLabel })
                : words.t('history.nothingToUndo')
            }
            onClick={() => void appStore.getState().undo()}
          >
            {words.t('history.undo')}
          </button>
          <button type="button" className="button button-primary" onClick={close}>
            {words.t('action.close')}
          </button>
        </div>
      </div>
    </div>
  );
}

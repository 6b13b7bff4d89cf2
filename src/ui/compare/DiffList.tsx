import { useEffect, useState } from 'react';
import type { DiffItem, DiffValues } from '../../core/compare/diff-items';
import type { DiffField, DiffKind } from '../../core/compare/diff-rows';
import { useAppStore } from '../../store/app-store';
import type { CompareSummary } from '../../worker/compare-protocol';
import { useWords } from '../i18n/words';
import type { MessageId, Translator } from '../../i18n/translator';
import { readableUrl } from '../../core/view/readable-url';

/** Differences fetched per page: the worker holds them all, the page a few. */
const PAGE = 50;
/** Extension values can run to kilobytes; the list shows their start (the CSV has them whole). */
const EXT_SHOWN = 120;

const LIST_LABEL: Record<DiffKind, MessageId> = {
  added: 'compare.addedUrls',
  removed: 'compare.removedUrls',
  changed: 'compare.changedUrls',
};
const NONE: Record<DiffKind, MessageId> = {
  added: 'compare.noAdded',
  removed: 'compare.noRemoved',
  changed: 'compare.noChanged',
};

/**
 * The differences of one kind, a page at a time ("Show more"). Removed URLs
 * are not rows of the document, so this list is where they are seen; changed
 * ones show each changed field, before → after.
 */
export function DiffList({ kind, comparison }: { kind: DiffKind; comparison: CompareSummary }) {
  const compareItems = useAppStore((s) => s.compareItems);
  const [items, setItems] = useState<DiffItem[]>([]);
  const [total, setTotal] = useState(0);
  const [wanted, setWanted] = useState(PAGE);
  const words = useWords();

  // A new comparison (other counts, after an edit) or another kind: start again from the top.
  useEffect(() => setWanted(PAGE), [kind, comparison]);

  useEffect(() => {
    let live = true;
    void compareItems(kind, 0, wanted).then((w) => {
      if (!live) return;
      setItems(w.items);
      setTotal(w.total);
    });
    return () => {
      live = false;
    };
  }, [compareItems, kind, wanted, comparison]);

  if (total === 0) return <p className="muted cmp-none">{words.t(NONE[kind])}</p>;
  return (
    <div className="cmp-list-box">
      <ul className="cmp-list" aria-label={words.t(LIST_LABEL[kind])}>
        {items.map((item) => (
          <li key={`${item.loc}\n${item.rowId ?? ''}`} className="cmp-item">
            <span className="cmp-loc" title={readableUrl(item.loc)}>
              {readableUrl(item.loc)}
            </span>
            {item.kind === 'changed' && item.before && item.after && (
              <span className="cmp-fields">
                {item.fields.map((f) => (
                  <span key={f} className="cmp-field">
                    <span className="cmp-field-name">{f === 'ext' ? words.t('compare.extensions') : f}</span>{' '}
                    <del>{shown(item.before as DiffValues, f, words)}</del> →{' '}
                    <ins>{shown(item.after as DiffValues, f, words)}</ins>
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
      {items.length < total && (
        <p className="cmp-more">
          <span className="muted">{words.t('compare.shownOf', { shown: items.length, total })}</span>
          <button type="button" className="link-button" onClick={() => setWanted((n) => n + PAGE)}>
            {words.t('compare.showMore', { count: Math.min(PAGE, total - items.length) })}
          </button>
        </p>
      )}
    </div>
  );
}

function shown(values: DiffValues, field: DiffField, words: Translator): string {
  const v = values[field];
  if (v === '') return words.t('compare.none');
  return field === 'ext' && v.length > EXT_SHOWN ? `${v.slice(0, EXT_SHOWN)}…` : v;
}

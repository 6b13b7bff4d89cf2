import { useState } from 'react';
import type { ExtEdit, ExtKind } from '../../core/edit/ext-edit';
import { appStore } from '../../store/app-store';
import type { ExtEntryView, RowDetails } from '../../worker/protocol';
import { ExtEntryEditor } from './ExtEntryEditor';
import { useWords } from '../i18n/words';
import type { Message } from '../../core/base/message';
import type { MessageId } from '../../i18n/translator';

/** Each kind's heading ("Images (3)"), and its one entry's name in "New …" and "Add …". */
const SECTIONS: { kind: ExtEntryView['kind']; title: MessageId; add: MessageId; one: MessageId }[] = [
  { kind: 'image', title: 'ext.section.image', add: 'ext.add.image', one: 'ext.new.image' },
  { kind: 'video', title: 'ext.section.video', add: 'ext.add.video', one: 'ext.new.video' },
  { kind: 'news', title: 'ext.section.news', add: 'ext.add.news', one: 'ext.new.news' },
  { kind: 'other', title: 'ext.section.other', add: 'ext.add.image', one: 'ext.new.image' },
];

/** Entries shown per kind: a row may carry up to 1,000 images, more than anyone reads in a panel. */
const MAX_SHOWN = 100;

interface Props {
  details: RowDetails;
  /** The row as re-checked after an edit. */
  onChanged: (details: RowDetails) => void;
}

/**
 * A row's images, videos and news entries, each editable (change, add,
 * remove: one undo step each, checked at once), and its other extension
 * elements as labelled values (kept as they are).
 */
export function ExtEntries({ details, onChanged }: Props) {
  // Which entry's form is open: an index in the row's ext array, or a kind being added.
  const [editing, setEditing] = useState<number | ExtKind | null>(null);
  const [error, setError] = useState<Message | null>(null);
  const words = useWords();
  const [busy, setBusy] = useState(false);
  const entries = details.entries;

  const run = async (edit: ExtEdit): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const out = await appStore.getState().editExt(details.id, edit);
      if (out.error !== null) {
        setError(out.error);
        return;
      }
      if (out.details) onChanged(out.details);
      setEditing(null);
    } finally {
      setBusy(false);
    }
  };
  const open = (which: number | ExtKind) => {
    setError(null);
    setEditing(which);
  };

  return (
    <>
      {SECTIONS.map(({ kind, title, add, one }) => {
        const list = entries.filter((e) => e.kind === kind);
        if (list.length === 0 && kind === 'other') return null;
        const id = `ext-${kind}-title`;
        return (
          <section key={kind} aria-labelledby={id} className="details-section">
            <h3 id={id}>{words.t(title, { count: list.length })}</h3>
            <div className="ext-entries">
              {list.slice(0, MAX_SHOWN).map((entry) =>
                editing === entry.at && kind !== 'other' ? (
                  <article
                    key={entry.at}
                    className="ext-entry"
                    aria-label={words.t('ext.edit', { label: entry.label })}
                  >
                    <h4>{entry.label}</h4>
                    <ExtEntryEditor
                      kind={kind}
                      loc={details.loc}
                      element={entry.element}
                      values={entry.values}
                      busy={busy}
                      error={error}
                      onSave={(values) => void run({ kind: 'change', at: entry.at, values })}
                      onCancel={() => setEditing(null)}
                    />
                  </article>
                ) : (
                  <article key={entry.at} className="ext-entry" aria-label={entry.label}>
                    <h4>{entry.label}</h4>
                    {entry.fields.length === 0 ? (
                      <p className="muted">{words.t('ext.noValues')}</p>
                    ) : (
                      <dl>
                        {entry.fields.map((f, k) => (
                          <div key={k} className="ext-field">
                            <dt>{f.name}</dt>
                            {/* Text only: imported values never become markup or links. */}
                            <dd>{f.value || <span className="muted">{words.t('value.empty')}</span>}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {kind !== 'other' && (
                      <div className="ext-entry-actions">
                        <button
                          type="button"
                          className="button button-quiet"
                          aria-label={words.t('ext.edit', { label: entry.label })}
                          disabled={busy}
                          onClick={() => open(entry.at)}
                        >
                          {words.t('action.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button-quiet"
                          aria-label={words.t('ext.remove', { label: entry.label })}
                          disabled={busy}
                          onClick={() => void run({ kind: 'remove', at: entry.at })}
                        >
                          {words.t('action.remove')}
                        </button>
                      </div>
                    )}
                  </article>
                ),
              )}
            </div>
            {list.length > MAX_SHOWN && (
              <p className="muted">{words.t('ext.moreNotShown', { count: list.length - MAX_SHOWN })}</p>
            )}
            {kind !== 'other' &&
              (editing === kind ? (
                <article className="ext-entry" aria-label={words.t(one)}>
                  <h4>{words.t(one)}</h4>
                  <ExtEntryEditor
                    kind={kind}
                    loc={details.loc}
                    busy={busy}
                    error={error}
                    onSave={(values) => void run({ kind: 'add', ext: kind, values })}
                    onCancel={() => setEditing(null)}
                  />
                </article>
              ) : (
                <button type="button" className="button" disabled={busy} onClick={() => open(kind)}>
                  {words.t(add)}
                </button>
              ))}
          </section>
        );
      })}
    </>
  );
}

import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AlternateEdit } from '../../core/edit/hreflang-edit';
import { appStore } from '../../store/app-store';
import type { AlternateView, RowDetails } from '../../worker/protocol';
import { useWords } from '../i18n/words';
import type { Message } from '../../core/base/message';
import { readableUrl } from '../../core/view/readable-url';

interface Props {
  details: RowDetails;
  /** The row as re-checked after an edit. */
  onChanged: (details: RowDetails) => void;
}

/**
 * A row's hreflang alternates: a table of language and URL with what is
 * wrong with each, an inline editor per alternate, and a form to add one.
 * Every change is one undo step in the worker and is checked at once.
 */
export function AlternatesEditor({ details, onChanged }: Props) {
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<Message | null>(null);
  const words = useWords();
  const [busy, setBusy] = useState(false);
  // Where the keyboard focus goes once an inline editor closes or a row goes: never lost to the page.
  const [focusAt, setFocusAt] = useState<number | 'heading' | null>(null);
  const focusRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (focusAt === null || editing !== null) return;
    focusRef.current?.focus();
    setFocusAt(null);
  }, [focusAt, editing, details]);
  const alternates = details.alternates;
  const selfListed = alternates.some((a) => a.href.trim() === details.loc.trim());

  const run = async (edit: AlternateEdit): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const out = await appStore.getState().editAlternate(details.id, edit);
      if (out.error !== null) {
        setError(out.error);
        return false;
      }
      if (out.details) onChanged(out.details);
      return true;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="alternates-title" className="details-section">
      <h3
        id="alternates-title"
        tabIndex={-1}
        ref={focusAt === 'heading' ? (el) => void (focusRef.current = el) : undefined}
      >
        {words.t('details.alternates', { count: alternates.length })}
      </h3>
      <p className="muted details-help">
        {words.rich('details.alternatesHelp', { element: <code>&lt;xhtml:link rel="alternate"&gt;</code> })}
      </p>
      {alternates.length === 0 ? (
        <p>{words.t('details.noAlternates')}</p>
      ) : (
        <table className="alternates">
          <thead>
            <tr>
              <th scope="col">{words.t('details.language')}</th>
              <th scope="col">{words.t('details.href')}</th>
              <th scope="col">{words.t('details.check')}</th>
              <th scope="col">
                <span className="visually-hidden">{words.t('details.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {alternates.map((a) =>
              editing === a.at ? (
                <EditRow
                  key={a.at}
                  alternate={a}
                  busy={busy}
                  onSave={async (hreflang, href) => {
                    if (await run({ kind: 'change', at: a.at, hreflang, href })) {
                      setEditing(null);
                      setFocusAt(a.at);
                    }
                  }}
                  onCancel={() => {
                    setEditing(null);
                    setError(null);
                    setFocusAt(a.at);
                  }}
                />
              ) : (
                <tr key={a.at} data-hreflang={a.hreflang}>
                  <td className="alt-lang">
                    <code>{a.hreflang}</code>
                  </td>
                  <td className="alt-href">
                    {readableUrl(a.href)}
                    {a.href.trim() === details.loc.trim() && (
                      <span className="muted"> {words.t('details.thisPage')}</span>
                    )}
                  </td>
                  <td className="alt-check">
                    <AlternateCheck alternate={a} />
                  </td>
                  <td className="alt-actions">
                    <button
                      type="button"
                      className="button button-small"
                      ref={focusAt === a.at ? (el) => void (focusRef.current = el) : undefined}
                      disabled={busy || editing !== null}
                      aria-label={words.t('details.changeAlternate', { lang: a.hreflang })}
                      onClick={() => setEditing(a.at)}
                    >
                      {words.t('action.change')}
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy || editing !== null}
                      aria-label={words.t('details.removeAlternate', { lang: a.hreflang })}
                      onClick={() => void run({ kind: 'remove', at: a.at }).then((ok) => ok && setFocusAt('heading'))}
                    >
                      {words.t('action.remove')}
                    </button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
      {error && (
        <p className="details-error" role="alert">
          {words.text(error)}
        </p>
      )}
      <AddForm
        busy={busy || editing !== null}
        suggestSelf={!selfListed && alternates.length > 0 ? details.loc : ''}
        onAdd={(hreflang, href) => run({ kind: 'add', hreflang, href })}
      />
    </section>
  );
}

function AlternateCheck({ alternate }: { alternate: AlternateView }) {
  const words = useWords();
  const issues: string[] = [];
  // The issue is core's (the rule's words), English until core's words are keyed.
  if (alternate.issue) issues.push(alternate.issue);
  if (alternate.notReciprocal) issues.push(words.t('details.notReciprocal'));
  if (issues.length === 0) return <span className="alt-ok">{words.t('details.ok')}</span>;
  return <span className="alt-issue">{issues.join('; ')}</span>;
}

function EditRow({
  alternate,
  busy,
  onSave,
  onCancel,
}: {
  alternate: AlternateView;
  busy: boolean;
  onSave: (hreflang: string, href: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [hreflang, setHreflang] = useState(alternate.hreflang);
  const [href, setHref] = useState(alternate.href);
  const words = useWords();
  const save = (e?: FormEvent) => {
    e?.preventDefault();
    void onSave(hreflang, href);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') save();
    // Escape leaves the editor, not the whole dialog.
    else if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  };
  return (
    <tr className="alt-editing">
      <td>
        <input
          className="alt-input alt-input-lang"
          aria-label={words.t('details.languageOf', { lang: alternate.hreflang })}
          value={hreflang}
          spellCheck={false}
          autoComplete="off"
          autoFocus
          onChange={(e) => setHreflang(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </td>
      <td colSpan={2}>
        <input
          className="alt-input"
          aria-label={words.t('details.hrefOf', { lang: alternate.hreflang })}
          value={href}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </td>
      <td className="alt-actions">
        <button type="button" className="button button-small button-primary" disabled={busy} onClick={() => save()}>
          {words.t('action.save')}
        </button>
        <button type="button" className="button button-small" disabled={busy} onClick={onCancel}>
          {words.t('action.cancel')}
        </button>
      </td>
    </tr>
  );
}

function AddForm({
  busy,
  suggestSelf,
  onAdd,
}: {
  busy: boolean;
  suggestSelf: string;
  onAdd: (hreflang: string, href: string) => Promise<boolean>;
}) {
  const [hreflang, setHreflang] = useState('');
  const [href, setHref] = useState('');
  const words = useWords();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onAdd(hreflang, href)) {
      setHreflang('');
      setHref('');
    }
  };
  return (
    <form className="alt-add" onSubmit={(e) => void submit(e)} aria-label={words.t('details.addAlternateForm')}>
      <label>
        <span>{words.t('details.language')}</span>
        <input
          value={hreflang}
          placeholder="de-AT"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setHreflang(e.target.value)}
        />
      </label>
      <label className="alt-add-href">
        <span>{words.t('details.href')}</span>
        <input
          value={href}
          placeholder="https://example.com/de-at/page"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setHref(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={busy}>
        {words.t('details.addAlternate')}
      </button>
      {suggestSelf && (
        <button type="button" className="link-button alt-self" disabled={busy} onClick={() => setHref(suggestSelf)}>
          {words.t('details.useOwnUrl')}
        </button>
      )}
    </form>
  );
}

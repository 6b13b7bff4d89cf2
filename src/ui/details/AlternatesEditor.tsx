import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AlternateEdit } from '../../core/edit/hreflang-edit';
import { appStore } from '../../store/app-store';
import type { AlternateView, RowDetails } from '../../worker/protocol';

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
  const [error, setError] = useState<string | null>(null);
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
        hreflang alternates ({alternates.length})
      </h3>
      <p className="muted details-help">
        The same page in other languages or regions (<code>&lt;xhtml:link rel="alternate"&gt;</code>). Each version
        should list every version, itself included, and each pair must link both ways.
      </p>
      {alternates.length === 0 ? (
        <p>This row has no hreflang alternates.</p>
      ) : (
        <table className="alternates">
          <thead>
            <tr>
              <th scope="col">Language (hreflang)</th>
              <th scope="col">URL (href)</th>
              <th scope="col">Check</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
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
                    {a.href}
                    {a.href.trim() === details.loc.trim() && <span className="muted"> (this page)</span>}
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
                      aria-label={`Change alternate ${a.hreflang}`}
                      onClick={() => setEditing(a.at)}
                    >
                      Change
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      disabled={busy || editing !== null}
                      aria-label={`Remove alternate ${a.hreflang}`}
                      onClick={() => void run({ kind: 'remove', at: a.at }).then((ok) => ok && setFocusAt('heading'))}
                    >
                      Remove
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
          {error}
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
  const issues: string[] = [];
  if (alternate.issue) issues.push(alternate.issue);
  if (alternate.notReciprocal) issues.push('that page is in this set but does not link back here');
  if (issues.length === 0) return <span className="alt-ok">OK</span>;
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
          aria-label={`Language (hreflang) of alternate ${alternate.hreflang}`}
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
          aria-label={`URL (href) of alternate ${alternate.hreflang}`}
          value={href}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setHref(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </td>
      <td className="alt-actions">
        <button type="button" className="button button-small button-primary" disabled={busy} onClick={() => save()}>
          Save
        </button>
        <button type="button" className="button button-small" disabled={busy} onClick={onCancel}>
          Cancel
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
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onAdd(hreflang, href)) {
      setHreflang('');
      setHref('');
    }
  };
  return (
    <form className="alt-add" onSubmit={(e) => void submit(e)} aria-label="Add an hreflang alternate">
      <label>
        <span>Language (hreflang)</span>
        <input
          value={hreflang}
          placeholder="de-AT"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setHreflang(e.target.value)}
        />
      </label>
      <label className="alt-add-href">
        <span>URL (href)</span>
        <input
          value={href}
          placeholder="https://example.com/de-at/page"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setHref(e.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={busy}>
        Add alternate
      </button>
      {suggestSelf && (
        <button type="button" className="link-button alt-self" disabled={busy} onClick={() => setHref(suggestSelf)}>
          Use this page's own URL
        </button>
      )}
    </form>
  );
}

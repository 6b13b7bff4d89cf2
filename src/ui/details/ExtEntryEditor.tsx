import { useId, useMemo, useState, type FormEvent } from 'react';
import { applyExtValues, checkExtDraft, EXT_FIELDS, newExtElement, type ExtKind } from '../../core/edit/ext-edit';
import type { ExtElement } from '../../core/rows/types';
import { SeverityBadge } from '../problems/SeverityBadge';
import { useWords } from '../i18n/words';
import { problemText } from '../../i18n/problem-text';
import type { Message } from '../../core/base/message';

interface Props {
  kind: ExtKind;
  /** The row's URL: a video's location must not be the page itself. */
  loc: string;
  /** The entry as it is (undefined for a new one) and its values. */
  element?: ExtElement;
  values?: Record<string, string>;
  busy: boolean;
  error: Message | null;
  onSave: (values: Record<string, string>) => void;
  onCancel: () => void;
}

/**
 * The form of one image, video or news entry: its fields in schema order,
 * checked by the extension rules on every keystroke (the draft is checked
 * as the worker will check it once saved).
 */
export function ExtEntryEditor({ kind, loc, element, values, busy, error, onSave, onCancel }: Props) {
  const specs = EXT_FIELDS[kind];
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(specs.map((s) => [s.path, values?.[s.path] ?? ''])),
  );
  const id = useId();
  const words = useWords();
  const issues = useMemo(
    () => checkExtDraft(loc, applyExtValues(element ?? newExtElement(kind), draft)),
    [loc, element, kind, draft],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(draft);
  };

  return (
    <form
      className="ext-editor"
      onSubmit={submit}
      onKeyDown={(e) => {
        // Escape closes the form, not the whole dialog.
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      {specs.map((spec) => {
        const fieldId = `${id}-${spec.path.replace(' ', '-')}`;
        const common = {
          id: fieldId,
          value: draft[spec.path] ?? '',
          spellCheck: false,
          onChange: (e: { currentTarget: { value: string } }) => {
            const v = e.currentTarget.value;
            setDraft((d) => ({ ...d, [spec.path]: v }));
          },
        };
        return (
          <div key={spec.path} className="ext-editor-field">
            <label htmlFor={fieldId}>
              {spec.label}
              {spec.required && <span className="muted"> {words.t('ext.required')}</span>}
            </label>
            {spec.long ? <textarea rows={3} {...common} /> : <input type="text" autoComplete="off" {...common} />}
          </div>
        );
      })}
      <ul className="details-problems ext-editor-check" aria-live="polite" aria-label={words.t('ext.check')}>
        {issues.length === 0 ? (
          <li className="muted">{words.t('ext.noProblem')}</li>
        ) : (
          issues.map((p) => (
            <li key={p.code} data-code={p.code}>
              <SeverityBadge severity={p.severity} /> <code>{p.code}</code> {problemText(p, words)}
            </li>
          ))
        )}
      </ul>
      {error && (
        <p className="bulk-error" role="alert">
          {words.text(error)}
        </p>
      )}
      <div className="ext-editor-actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          {words.t('action.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {words.t('action.save')}
        </button>
      </div>
    </form>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { useModalDialog } from '../useModalDialog';
import { DialogFooter } from '../DialogFooter';
import { lastSegment, type BranchEdit } from '../../core/edit/move-branch';
import { useAppStore } from '../../store/app-store';
import type { BranchPreview } from '../../worker/diagram-protocol';
import { formatNumber, plural } from '../format';

/** What the dialog does to its branch; a move may come with the target a box was dropped on. */
export type BranchAction =
  { kind: 'move'; key: string; toParent?: string } | { kind: 'rename'; key: string } | { kind: 'add'; key: string };

const TITLES = { move: 'Move branch', rename: 'Rename segment', add: 'Add a planned page' } as const;
const PREVIEW_ROWS = 8;
const PREVIEW_DEBOUNCE_MS = 120;

/** A branch key as people read it. */
function branchName(key: string): string {
  return key.replace(/^https:\/\//i, '');
}

/**
 * One modal dialog for the diagram's three edits, each with a preview of the
 * URLs it changes, checked at once (by the worker, as the change would be).
 */
export function BranchDialog({
  action,
  targets,
  onClose,
  onApplied,
}: {
  action: BranchAction | null;
  targets: string[];
  onClose: () => void;
  onApplied: (edit: BranchEdit, to: string) => void;
}) {
  const ref = useModalDialog(!!action);
  const titleId = useId();
  return (
    <dialog ref={ref} className="export-dialog dg-dialog" aria-labelledby={titleId} aria-modal="true" onClose={onClose}>
      {action && (
        <div className="export-body">
          <div className="dialog-head">
            <h2 id={titleId}>{TITLES[action.kind]}</h2>
          </div>
          {action.kind === 'add' ? (
            <AddForm parent={action.key} onClose={onClose} />
          ) : (
            <EditForm action={action} targets={targets} onClose={onClose} onApplied={onApplied} />
          )}
        </div>
      )}
    </dialog>
  );
}

function EditForm({
  action,
  targets,
  onClose,
  onApplied,
}: {
  action: Exclude<BranchAction, { kind: 'add' }>;
  targets: string[];
  onClose: () => void;
  onApplied: (edit: BranchEdit, to: string) => void;
}) {
  const previewEdit = useAppStore((s) => s.previewBranchEdit);
  const applyEdit = useAppStore((s) => s.applyBranchEdit);
  const others = targets.filter((t) => t !== action.key && !t.startsWith(`${action.key}/`));
  // The box it was dropped on is offered even when it cannot take it: the preview then says why.
  const dropped = action.kind === 'move' ? action.toParent : undefined;
  const choices = dropped !== undefined && !others.includes(dropped) ? [dropped, ...others] : others;
  const [toParent, setToParent] = useState(action.kind === 'move' ? (action.toParent ?? choices[0] ?? '') : '');
  const [segment, setSegment] = useState(lastSegment(action.key));
  const [answer, setAnswer] = useState<{ key: string; preview: BranchPreview | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const edit: BranchEdit =
    action.kind === 'move'
      ? { kind: 'move', from: action.key, toParent }
      : { kind: 'rename', from: action.key, segment };
  const editKey = JSON.stringify(edit);

  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      void previewEdit(JSON.parse(editKey) as BranchEdit, PREVIEW_ROWS).then((p) => {
        if (live) setAnswer({ key: editKey, preview: p });
      });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [editKey, previewEdit]);

  // Only the answer for what the form says now counts: a change while typing waits for its own.
  const preview = answer !== null && answer.key === editKey ? answer.preview : null;
  const ready = preview !== null && preview.error === null && preview.affected > 0;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    const outcome = await applyEdit(edit);
    setBusy(false);
    if (!outcome) return;
    onClose();
    onApplied(edit, outcome.to);
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
      <div className="dialog-scroll">
        <p>
          Branch <code>{branchName(action.key)}</code>
        </p>
        {action.kind === 'move' ? (
          <label className="dg-field">
            Move under
            <select value={toParent} onChange={(e) => setToParent(e.target.value)}>
              {choices.map((t) => (
                <option key={t} value={t}>
                  {branchName(t)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="dg-field">
            New segment
            <input
              type="text"
              value={segment}
              autoFocus
              onChange={(e) => setSegment(e.target.value)}
              spellCheck={false}
            />
          </label>
        )}
        <Preview preview={preview} />
      </div>
      <DialogFooter onClose={onClose} submit={action.kind === 'move' ? 'Move' : 'Rename'} disabled={!ready || busy} />
    </form>
  );
}

function Preview({ preview }: { preview: BranchPreview | null }) {
  if (!preview)
    return (
      <p className="muted" aria-live="polite">
        Checking…
      </p>
    );
  if (preview.error) {
    return (
      <p className="dg-error" role="alert">
        {preview.error}
      </p>
    );
  }
  return (
    <div className="dg-preview" aria-live="polite" data-testid="branch-preview">
      <p>
        Changes {plural(preview.affected, 'URL')} to <code>{branchName(preview.to)}</code>; one undo step puts them
        back.
      </p>
      {preview.breaking > 0 && <p className="dg-error">{plural(preview.breaking, 'URL')} would no longer be usable.</p>}
      {preview.collisions > 0 && (
        <p className="dg-warning">
          {plural(preview.collisions, 'URL')} would repeat a URL already there (a duplicate to merge).
        </p>
      )}
      <ul className="dg-samples">
        {preview.samples.map((s) => (
          <li key={s.row}>
            <code>{s.before}</code> → <code>{s.after}</code>
          </li>
        ))}
      </ul>
      {preview.affected > preview.samples.length && (
        <p className="muted">… and {formatNumber(preview.affected - preview.samples.length)} more.</p>
      )}
    </div>
  );
}

function AddForm({ parent, onClose }: { parent: string; onClose: () => void }) {
  const plan = useAppStore((s) => s.plannedPage);
  const add = useAppStore((s) => s.addPlannedPage);
  const [segment, setSegment] = useState('');
  const [busy, setBusy] = useState(false);
  const planned = plan(parent, segment);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!planned.ok || busy) return;
    setBusy(true);
    const id = await add(parent, segment);
    setBusy(false);
    if (id !== null) onClose();
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <div className="dialog-scroll">
        <p>
          Under <code>{branchName(parent)}</code>
        </p>
        <label className="dg-field">
          Page segment
          <input
            type="text"
            value={segment}
            autoFocus
            placeholder="e.g. pricing"
            onChange={(e) => setSegment(e.target.value)}
            spellCheck={false}
          />
        </label>
        {segment === '' ? null : planned.ok ? (
          <p className="dg-preview" data-testid="branch-preview">
            Adds 1 URL: <code>{planned.loc}</code>
          </p>
        ) : (
          <p className="dg-error" role="alert">
            {planned.message}
          </p>
        )}
      </div>
      <DialogFooter onClose={onClose} submit="Add page" disabled={!planned.ok || busy} />
    </form>
  );
}

import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { isHostOrPath, isPathBranch } from '../../core/edit/move-branch';
import { BUILT_IN_STATUSES, statusKey, statusLabel, type PlanFields } from '../../core/plan/plan-fields';
import type { DiagramNode } from '../../core/view/diagram-levels';
import { decodedSlug } from '../../core/view/page-titles';
import { readableUrl } from '../../core/view/readable-url';
import { useAppStore } from '../../store/app-store';
import { formatNumber, plural } from '../format';
import type { BranchAction } from './BranchDialog';

/** The colours a box can be marked with (a stripe at its left). */
const PLAN_COLORS: [string, string][] = [
  ['', 'None'],
  ['#2563eb', 'Blue'],
  ['#16a34a', 'Green'],
  ['#d97706', 'Amber'],
  ['#dc2626', 'Red'],
  ['#9333ea', 'Purple'],
  ['#6b7280', 'Grey'],
];

const CUSTOM = 'custom';

const TITLE_FROM: Record<string, string> = {
  crawl: 'the crawl export',
  news: 'its news entry',
  video: 'its video entry',
  '': 'its path',
};

/**
 * The chosen box's details: its URL and counts, and its plan (title,
 * status, notes, colour, owner), each change one undo step and part of the
 * document. A text field is kept when it loses the focus (or on Enter).
 */
export function BoxDetails({
  node,
  prefix,
  viewCount,
  onAction,
  onShowTable,
  onClose,
}: {
  node: DiagramNode;
  prefix: string;
  viewCount: number;
  onAction: (a: BranchAction) => void;
  onShowTable: () => void;
  onClose: () => void;
}) {
  const setPlan = useAppStore((s) => s.setPlan);
  const busy = useAppStore((s) => s.job !== null || s.editTask !== null);
  const readOnly = useAppStore((s) => s.tabRole === 'reader');
  const id = useId();
  const branch = node.kind === 'branch' ? node.node : null;
  const page = branch?.box ?? null;
  const plan = page?.plan ?? null;
  const save = (patch: Partial<PlanFields>) => {
    if (page) void setPlan(page.id, patch);
  };
  const key = node.key;
  const path = isPathBranch(key);
  return (
    <section className="dg-details" aria-labelledby={`${id}-h`} data-testid="box-details">
      <header className="dg-details-head">
        <h3 id={`${id}-h`}>{branch ? page?.title || decodedSlug(branch.label) : key}</h3>
        <button type="button" className="button button-quiet" aria-label="Close the details" onClick={onClose}>
          ×
        </button>
      </header>
      {branch && (
        <p className="dg-details-url">
          <code>{readableUrl(page?.loc ?? key)}</code>
          {!page && <span className="muted"> — no page at this path: add one to plan it.</span>}
        </p>
      )}
      {branch && (
        <p className="muted">
          {plural(branch.urls, 'URL')}
          {branch.errors > 0 && ` · ${plural(branch.errors, 'with errors', 'with errors')}`}
          {branch.warnings > 0 && ` · ${formatNumber(branch.warnings)} with warnings`}
          {branch.newestLastmod && ` · newest ${branch.newestLastmod.slice(0, 10)}`}
        </p>
      )}
      {page && (
        <fieldset className="dg-plan" disabled={busy || readOnly}>
          <legend className="visually-hidden">Plan</legend>
          <TextField
            label="Title"
            value={plan?.title ?? ''}
            placeholder={page.titleSource === 'plan' ? '' : page.title || decodedSlug(branch?.label ?? '')}
            hint={
              page.titleSource === 'plan' || !branch
                ? undefined
                : `Empty: the title from ${TITLE_FROM[page.titleSource]}.`
            }
            onSave={(title) => save({ title })}
          />
          <StatusField status={plan?.status ?? ''} onSave={(status) => save({ status })} />
          <TextField label="Notes" multiline value={plan?.notes ?? ''} onSave={(notes) => save({ notes })} />
          <label className="dg-field">
            Colour
            <select value={plan?.color ?? ''} onChange={(e) => save({ color: e.target.value })}>
              {PLAN_COLORS.map(([value, name]) => (
                <option key={name} value={value}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <TextField label="Owner" value={plan?.owner ?? ''} onSave={(owner) => save({ owner })} />
        </fieldset>
      )}
      <div className="dg-details-actions">
        {isHostOrPath(key) && (
          <button type="button" className="button" onClick={() => onAction({ kind: 'add', key })}>
            Add page…
          </button>
        )}
        {path && (
          <>
            <button type="button" className="button" onClick={() => onAction({ kind: 'move', key })}>
              Move to…
            </button>
            <button type="button" className="button" onClick={() => onAction({ kind: 'rename', key })}>
              Rename…
            </button>
          </>
        )}
        {prefix !== '' && (
          <button type="button" className="button button-quiet" onClick={onShowTable}>
            Show {plural(viewCount, 'URL')} in the table
          </button>
        )}
      </div>
    </section>
  );
}

/** A text field kept when it loses the focus, or on Enter (Ctrl+Enter in notes); Escape puts the saved value back. */
function TextField({
  label,
  value,
  placeholder,
  hint,
  multiline,
  onSave,
}: {
  label: string;
  value: string;
  placeholder?: string;
  hint?: string;
  multiline?: boolean;
  onSave: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  // An undo or another box brings another saved value: the field shows it.
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onSave(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      setDraft(value);
      e.stopPropagation();
    } else if (e.key === 'Enter' && (!multiline || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      commit();
    }
  };
  const hintId = useId();
  const common = {
    value: draft,
    placeholder,
    spellCheck: multiline,
    'aria-describedby': hint ? hintId : undefined,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onBlur: commit,
    onKeyDown,
  };
  return (
    <label className="dg-field">
      {label}
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      {hint && (
        <span id={hintId} className="muted dg-hint">
          {hint}
        </span>
      )}
    </label>
  );
}

/** Live, Planned, To remove, To redirect, or a status of the user's own. */
function StatusField({ status, onSave }: { status: string; onSave: (status: string) => void }) {
  const builtIn = status === '' || (BUILT_IN_STATUSES as readonly string[]).includes(status);
  const [custom, setCustom] = useState(!builtIn);
  useEffect(() => setCustom(!builtIn), [builtIn]);
  const choice = custom ? CUSTOM : status;
  return (
    <>
      <label className="dg-field">
        Status
        <select
          value={choice}
          onChange={(e) => {
            const v = e.target.value;
            if (v === CUSTOM) setCustom(true);
            else {
              setCustom(false);
              onSave(v);
            }
          }}
        >
          {['', ...BUILT_IN_STATUSES].map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
          <option value={CUSTOM}>Custom…</option>
        </select>
      </label>
      {custom && (
        <TextField
          label="Custom status"
          value={builtIn ? '' : status}
          placeholder="e.g. In review"
          onSave={(v) => onSave(statusKey(v) === '' && v.trim() === '' ? '' : v)}
        />
      )}
    </>
  );
}

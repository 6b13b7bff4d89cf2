import { useId, useState, type FormEvent } from 'react';
import { useModalDialog } from '../useModalDialog';
import { DialogFooter } from '../DialogFooter';
import type { ReplaceOptions } from '../../core/edit/bulk';
import { DEFAULT_MERGE_RULE, type MergeRule } from '../../core/fix/merge-duplicates';
import { appStore, useAppStore } from '../../store/app-store';
import type { BulkTarget } from '../../store/bulk-slice';
import type { ReplacePreview } from '../../worker/protocol';
import { describeCounts } from '../../core/edit/rewrite-urls';
import { formatNumber, plural } from '../format';
import { MigrateForm } from './MigrateForm';
import { SetForm } from './SetForm';
import { UrlFieldsChoice } from './UrlFieldsChoice';
import { useReplacePreview } from './useReplacePreview';

export type BulkMode = 'set' | 'replace' | 'dedupe' | 'migrate';

const TITLES: Record<BulkMode, string> = {
  set: 'Set values',
  replace: 'Find & replace',
  dedupe: 'Remove duplicates',
  migrate: 'Move to another origin',
};

/** One modal dialog for the three bulk edits; Escape or Cancel closes it without a change. */
export function BulkDialog({ mode, onClose }: { mode: BulkMode | null; onClose: () => void }) {
  const ref = useModalDialog(!!mode);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="export-dialog bulk-dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      onClose={onClose}
    >
      {mode && (
        <div className="export-body">
          <div className="dialog-head">
            <h2 id={titleId}>{TITLES[mode]}</h2>
          </div>
          {mode === 'set' && <SetForm onClose={onClose} />}
          {mode === 'replace' && <ReplaceForm onClose={onClose} />}
          {mode === 'dedupe' && <DedupeForm onClose={onClose} />}
          {mode === 'migrate' && <MigrateForm onClose={onClose} />}
        </div>
      )}
    </dialog>
  );
}

/** Which rows: the selection when there is one, else every row shown; the user can choose. */
export function TargetChoice({ target, onChange }: { target: BulkTarget; onChange: (t: BulkTarget) => void }) {
  const selectedCount = useAppStore((s) => s.selected.size);
  const selectAllView = useAppStore((s) => s.selectAllView);
  const viewCount = useAppStore((s) => s.viewCount);
  const name = useId();
  return (
    <fieldset className="bulk-target">
      <legend>Apply to</legend>
      <label>
        <input
          type="radio"
          name={name}
          checked={target === 'selection'}
          disabled={selectedCount === 0 && !selectAllView}
          onChange={() => onChange('selection')}
        />
        Selected rows ({formatNumber(selectAllView ? viewCount : selectedCount)})
      </label>
      <label>
        <input type="radio" name={name} checked={target === 'view'} onChange={() => onChange('view')} />
        All shown rows ({formatNumber(viewCount)})
      </label>
    </fieldset>
  );
}

export function useDefaultTarget(): [BulkTarget, (t: BulkTarget) => void] {
  return useState<BulkTarget>(() => {
    const s = appStore.getState();
    return s.selected.size > 0 || s.selectAllView ? 'selection' : 'view';
  });
}

function ReplaceForm({ onClose }: { onClose: () => void }) {
  const [target, setTarget] = useDefaultTarget();
  const [options, setOptions] = useState<ReplaceOptions>({ find: '', replace: '', regex: false, caseSensitive: false });
  const [preview, setPreview] = useReplacePreview(target, options.find === '' ? null : options);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const patch = (p: Partial<ReplaceOptions>) => {
    setOptions((o) => ({ ...o, ...p }));
    setConfirming(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!preview || preview.error || preview.affected === 0) return;
    if (preview.breaking > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    const outcome = await appStore.getState().replaceLoc(target, options, confirming);
    setBusy(false);
    if (!outcome) return;
    if (outcome.refused) {
      setPreview(outcome.refused);
      setConfirming(true);
    } else onClose();
  };

  const ready = preview !== null && preview.error === null && preview.affected > 0;
  return (
    <form onSubmit={(e) => void submit(e)}>
      <div className="dialog-scroll bulk-form">
        <TargetChoice
          target={target}
          onChange={(t) => {
            setTarget(t);
            setConfirming(false);
          }}
        />
        <label className="bulk-field">
          <span>Find</span>
          <input
            type="text"
            value={options.find}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => patch({ find: e.target.value })}
          />
        </label>
        <label className="bulk-field">
          <span>Replace with</span>
          <input
            type="text"
            value={options.replace}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => patch({ replace: e.target.value })}
          />
        </label>
        <UrlFieldsChoice fields={options.fields ?? ['loc']} onChange={(fields) => patch({ fields })} />
        <div className="bulk-options">
          <label>
            <input type="checkbox" checked={options.regex} onChange={(e) => patch({ regex: e.target.checked })} />
            Regular expression ($1 for a group)
          </label>
          <label>
            <input
              type="checkbox"
              checked={options.caseSensitive}
              onChange={(e) => patch({ caseSensitive: e.target.checked })}
            />
            Match case
          </label>
        </div>
        <ReplacePreviewView preview={preview} />
        {confirming && preview && preview.breaking > 0 && (
          <p className="bulk-error" role="alert">
            {plural(preview.breaking, 'URL')} would become invalid (missing, relative, another scheme or white space):
            apply anyway?
          </p>
        )}
      </div>
      <DialogFooter onClose={onClose} submit={confirming ? 'Apply anyway' : 'Replace'} disabled={!ready || busy} />
    </form>
  );
}

export function ReplacePreviewView({ preview }: { preview: ReplacePreview | null }) {
  if (!preview) return <p className="muted bulk-summary">Type what to find to see what would change.</p>;
  if (preview.error)
    return (
      <p className="bulk-error" role="alert">
        {preview.error}
      </p>
    );
  // Which field each change is in, once the fields are more than loc.
  const showFields = Object.keys(preview.byField ?? {}).some((f) => f !== 'loc');
  return (
    <div className="bulk-preview">
      <p className="bulk-summary" data-testid="replace-summary" aria-live="polite">
        {preview.affected === 0
          ? 'No URL matches.'
          : `${plural(preview.affected, 'row')} would change${preview.breaking > 0 ? `; ${plural(preview.breaking, 'URL')} would become invalid` : ''}.`}
      </p>
      {showFields && (
        <p className="bulk-summary" data-testid="replace-by-field">
          {plural(preview.values ?? 0, 'URL')}: {describeCounts(preview.byField ?? {})}
        </p>
      )}
      {preview.samples.length > 0 && (
        <table className="bulk-samples" aria-label="First changes">
          <thead>
            <tr>
              {showFields && (
                <th scope="col" className="bulk-field-name">
                  Field
                </th>
              )}
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {preview.samples.map((s, k) => (
              <tr key={k} className={s.breaking ? 'bulk-breaking' : undefined}>
                {showFields && (
                  <td>
                    <code>{s.field ?? 'loc'}</code>
                  </td>
                )}
                <td>{s.before}</td>
                <td>
                  {s.after}
                  {s.breaking && <span className="ut-badge ut-badge-error"> invalid</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const MERGE_CHOICES: [MergeRule, string][] = [
  ['first', 'The first copy'],
  ['latest', 'The copy with the newest lastmod'],
  ['priority', 'The copy with the highest priority'],
];

function DedupeForm({ onClose }: { onClose: () => void }) {
  const [target, setTarget] = useDefaultTarget();
  const [keep, setKeep] = useState<MergeRule>(DEFAULT_MERGE_RULE);
  const [busy, setBusy] = useState(false);
  const name = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const outcome = await appStore.getState().dedupe(target, keep);
    setBusy(false);
    if (outcome) onClose();
  };
  return (
    <form onSubmit={(e) => void submit(e)}>
      <div className="dialog-scroll bulk-form">
        <TargetChoice target={target} onChange={setTarget} />
        <fieldset className="bulk-target">
          <legend>Of rows with the same loc, keep the lastmod, changefreq and priority of</legend>
          {MERGE_CHOICES.map(([rule, label]) => (
            <label key={rule}>
              <input type="radio" name={name} checked={keep === rule} onChange={() => setKeep(rule)} />
              {label}
            </label>
          ))}
        </fieldset>
        <p className="bulk-note">
          The first row of each URL stays; the images, videos, news entries, hreflang alternates and other elements of
          its copies are merged into it (identical ones once). A copy whose news entry differs is kept as its own row.
        </p>
      </div>
      <DialogFooter onClose={onClose} submit="Remove duplicates" disabled={busy} />
    </form>
  );
}

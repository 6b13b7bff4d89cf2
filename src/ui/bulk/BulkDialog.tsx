import { useId, useState, type FormEvent } from 'react';
import { useModalDialog } from '../useModalDialog';
import { DialogFooter } from '../DialogFooter';
import type { ReplaceOptions } from '../../core/edit/bulk';
import { DEFAULT_MERGE_RULE, type MergeRule } from '../../core/fix/merge-duplicates';
import { appStore, useAppStore } from '../../store/app-store';
import type { BulkTarget } from '../../store/bulk-slice';
import type { ReplacePreview } from '../../worker/protocol';
import { describeCounts } from '../../core/edit/rewrite-urls';
import type { MessageId } from '../../i18n/translator';
import { useWords } from '../i18n/words';
import { MigrateForm } from './MigrateForm';
import { SetForm } from './SetForm';
import { UrlFieldsChoice } from './UrlFieldsChoice';
import { useReplacePreview } from './useReplacePreview';
import { readableUrl } from '../../core/view/readable-url';

export type BulkMode = 'set' | 'replace' | 'dedupe' | 'migrate';

const TITLES: Record<BulkMode, MessageId> = {
  set: 'bulk.title.set',
  replace: 'bulk.title.replace',
  dedupe: 'bulk.title.dedupe',
  migrate: 'bulk.title.migrate',
};

/** One modal dialog for the three bulk edits; Escape or Cancel closes it without a change. */
export function BulkDialog({ mode, onClose }: { mode: BulkMode | null; onClose: () => void }) {
  const ref = useModalDialog(!!mode);
  const titleId = useId();
  const words = useWords();

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
            <h2 id={titleId}>{words.t(TITLES[mode])}</h2>
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
  const words = useWords();
  return (
    <fieldset className="bulk-target">
      <legend>{words.t('bulk.applyTo')}</legend>
      <label>
        <input
          type="radio"
          name={name}
          checked={target === 'selection'}
          disabled={selectedCount === 0 && !selectAllView}
          onChange={() => onChange('selection')}
        />
        {words.t('bulk.targetSelection', { count: selectAllView ? viewCount : selectedCount })}
      </label>
      <label>
        <input type="radio" name={name} checked={target === 'view'} onChange={() => onChange('view')} />
        {words.t('bulk.targetView', { count: viewCount })}
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
  const words = useWords();
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
          <span>{words.t('bulk.find')}</span>
          <input
            type="text"
            value={options.find}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => patch({ find: e.target.value })}
          />
        </label>
        <label className="bulk-field">
          <span>{words.t('bulk.replaceWith')}</span>
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
            {words.t('bulk.regex')}
          </label>
          <label>
            <input
              type="checkbox"
              checked={options.caseSensitive}
              onChange={(e) => patch({ caseSensitive: e.target.checked })}
            />
            {words.t('bulk.matchCase')}
          </label>
        </div>
        <ReplacePreviewView preview={preview} />
        {confirming && preview && preview.breaking > 0 && (
          <p className="bulk-error" role="alert">
            {words.t('bulk.breakingAsk', { count: preview.breaking })}
          </p>
        )}
      </div>
      <DialogFooter
        onClose={onClose}
        submit={words.t(confirming ? 'bulk.applyAnyway' : 'bulk.replace')}
        disabled={!ready || busy}
      />
    </form>
  );
}

export function ReplacePreviewView({ preview }: { preview: ReplacePreview | null }) {
  const words = useWords();
  if (!preview) return <p className="muted bulk-summary">{words.t('bulk.typeToPreview')}</p>;
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
          ? words.t('bulk.noMatch')
          : words.t('bulk.wouldChange', { count: preview.affected, breaking: preview.breaking })}
      </p>
      {showFields && (
        <p className="bulk-summary" data-testid="replace-by-field">
          {words.t('bulk.byField', { count: preview.values ?? 0, list: describeCounts(preview.byField ?? {}) })}
        </p>
      )}
      {preview.samples.length > 0 && (
        <table className="bulk-samples" aria-label={words.t('bulk.firstChanges')}>
          <thead>
            <tr>
              {showFields && (
                <th scope="col" className="bulk-field-name">
                  {words.t('bulk.field')}
                </th>
              )}
              <th scope="col">{words.t('bulk.before')}</th>
              <th scope="col">{words.t('bulk.after')}</th>
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
                <td>{readableUrl(s.before)}</td>
                <td>
                  {readableUrl(s.after)}
                  {s.breaking && <span className="ut-badge ut-badge-error"> {words.t('bulk.invalidBadge')}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const MERGE_CHOICES: [MergeRule, MessageId][] = [
  ['first', 'bulk.keep.first'],
  ['latest', 'bulk.keep.latest'],
  ['priority', 'bulk.keep.priority'],
];

function DedupeForm({ onClose }: { onClose: () => void }) {
  const [target, setTarget] = useDefaultTarget();
  const [keep, setKeep] = useState<MergeRule>(DEFAULT_MERGE_RULE);
  const [busy, setBusy] = useState(false);
  const name = useId();
  const words = useWords();
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
          <legend>{words.t('bulk.keepLegend')}</legend>
          {MERGE_CHOICES.map(([rule, label]) => (
            <label key={rule}>
              <input type="radio" name={name} checked={keep === rule} onChange={() => setKeep(rule)} />
              {words.t(label)}
            </label>
          ))}
        </fieldset>
        <p className="bulk-note">{words.t('bulk.dedupeNote')}</p>
      </div>
      <DialogFooter onClose={onClose} submit={words.t('bulk.title.dedupe')} disabled={busy} />
    </form>
  );
}

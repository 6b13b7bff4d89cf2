import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DialogFooter } from '../DialogFooter';
import { CHANGEFREQ_VALUES } from '../../core/rules/changefreq/changefreq-rules';
import { checkBulkValue, todayLastmod, type BulkField } from '../../core/edit/bulk';
import { appStore } from '../../store/app-store';
import { TargetChoice, useDefaultTarget } from './BulkDialog';

type LastmodKind = 'today' | 'date' | 'publication';

/**
 * Set values: changefreq, priority and lastmod, each chosen by its checkbox,
 * set together in the rows chosen as one undo step.
 */
export function SetForm({ onClose }: { onClose: () => void }) {
  const [target, setTarget] = useDefaultTarget();
  const [on, setOn] = useState<Record<BulkField, boolean>>({ changefreq: true, priority: false, lastmod: false });
  const [changefreq, setChangefreq] = useState<string>('weekly');
  const [priority, setPriority] = useState('0.5');
  const [lastmodKind, setLastmodKind] = useState<LastmodKind>('today');
  const [date, setDate] = useState(todayLastmod());
  const [busy, setBusy] = useState(false);
  const id = useId();

  const fromPublication = on.lastmod && lastmodKind === 'publication';
  const values: Partial<Record<BulkField, string>> = {};
  if (on.changefreq) values.changefreq = changefreq;
  if (on.priority) values.priority = priority.trim();
  if (on.lastmod && !fromPublication) values.lastmod = lastmodKind === 'today' ? todayLastmod() : date.trim();
  const fields = Object.keys(values) as BulkField[];
  const error =
    fields.map((f) => checkBulkValue(f, values[f] ?? '')).find((e) => e !== null) ??
    (fields.length === 0 && !fromPublication ? 'Choose at least one field to set.' : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (error) return;
    setBusy(true);
    const store = appStore.getState();
    const only = fields.length === 1 && !fromPublication ? fields[0] : undefined;
    // One field keeps the single set's own words; several go in one step together.
    const outcome = only
      ? await store.bulkSet(target, only, values[only] ?? '')
      : fields.length === 0
        ? await store.bulkSet(target, 'lastmod', '', 'publication-date')
        : await store.bulkSetFields(target, values, fromPublication);
    setBusy(false);
    if (outcome) onClose();
  };

  const toggle = (field: BulkField) => (checked: boolean) => setOn((o) => ({ ...o, [field]: checked }));

  return (
    <form onSubmit={(e) => void submit(e)}>
      <div className="dialog-scroll bulk-form">
        <TargetChoice target={target} onChange={setTarget} />
        <fieldset className="bulk-fields">
          <legend>Fields to set (one undo step for all)</legend>
          <FieldRow label="changefreq" checked={on.changefreq} onToggle={toggle('changefreq')}>
            <label className="bulk-field">
              <span>New changefreq</span>
              <select value={changefreq} disabled={!on.changefreq} onChange={(e) => setChangefreq(e.target.value)}>
                {CHANGEFREQ_VALUES.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
                <option value="">(empty: remove it)</option>
              </select>
            </label>
          </FieldRow>
          <FieldRow label="priority" checked={on.priority} onToggle={toggle('priority')}>
            <label className="bulk-field">
              <span>New priority (0.0–1.0)</span>
              <input
                type="text"
                inputMode="decimal"
                value={priority}
                disabled={!on.priority}
                onChange={(e) => setPriority(e.target.value)}
                aria-invalid={on.priority && checkBulkValue('priority', priority.trim()) !== null}
                aria-describedby={`${id}-err`}
              />
            </label>
          </FieldRow>
          <FieldRow label="lastmod" checked={on.lastmod} onToggle={toggle('lastmod')}>
            <fieldset className="bulk-target" disabled={!on.lastmod}>
              <legend>New lastmod</legend>
              <label>
                <input
                  type="radio"
                  name={`${id}-lm`}
                  checked={lastmodKind === 'today'}
                  onChange={() => setLastmodKind('today')}
                />
                Today ({todayLastmod()})
              </label>
              <label>
                <input
                  type="radio"
                  name={`${id}-lm`}
                  checked={lastmodKind === 'date'}
                  onChange={() => setLastmodKind('date')}
                />
                This date
                <input
                  type="text"
                  aria-label="lastmod date"
                  value={date}
                  disabled={lastmodKind !== 'date'}
                  onChange={(e) => setDate(e.target.value)}
                  placeholder="2024-05-08"
                />
              </label>
              <label>
                <input
                  type="radio"
                  name={`${id}-lm`}
                  checked={lastmodKind === 'publication'}
                  onChange={() => setLastmodKind('publication')}
                />
                From each row’s publication date (news or video)
              </label>
            </fieldset>
          </FieldRow>
        </fieldset>
        <p id={`${id}-err`} className="bulk-error" role={error ? 'alert' : undefined}>
          {error}
        </p>
      </div>
      <DialogFooter onClose={onClose} submit="Apply" disabled={!!error || busy} />
    </form>
  );
}

function FieldRow({
  label,
  checked,
  onToggle,
  children,
}: {
  label: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className={`bulk-field-row${checked ? '' : ' bulk-field-off'}`}>
      <label className="bulk-field-check">
        <input type="checkbox" checked={checked} onChange={(e) => onToggle(e.target.checked)} />
        {label}
      </label>
      {children}
    </div>
  );
}

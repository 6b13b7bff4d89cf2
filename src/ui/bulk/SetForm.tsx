import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { DialogFooter } from '../DialogFooter';
import { CHANGEFREQ_VALUES } from '../../core/rules/changefreq/changefreq-rules';
import { checkBulkValue, todayLastmod, type BulkField } from '../../core/edit/bulk';
import { appStore } from '../../store/app-store';
import type { MessageId } from '../../i18n/translator';
import { useWords } from '../i18n/words';
import { TargetChoice, useDefaultTarget } from './BulkDialog';

/** What a value the field refuses is told (core's checkBulkValue decides; these are its words for the page). */
const BAD_VALUE: Record<BulkField, MessageId> = {
  changefreq: 'bulk.badChangefreq',
  priority: 'bulk.badPriority',
  lastmod: 'bulk.badLastmod',
};

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
  const words = useWords();

  const fromPublication = on.lastmod && lastmodKind === 'publication';
  const values: Partial<Record<BulkField, string>> = {};
  if (on.changefreq) values.changefreq = changefreq;
  if (on.priority) values.priority = priority.trim();
  if (on.lastmod && !fromPublication) values.lastmod = lastmodKind === 'today' ? todayLastmod() : date.trim();
  const fields = Object.keys(values) as BulkField[];
  const refused = fields.find((f) => checkBulkValue(f, values[f] ?? '') !== null);
  const error = refused
    ? words.t(BAD_VALUE[refused], { value: values[refused] ?? '' })
    : fields.length === 0 && !fromPublication
      ? words.t('bulk.chooseField')
      : null;

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
          <legend>{words.t('bulk.fieldsLegend')}</legend>
          <FieldRow label="changefreq" checked={on.changefreq} onToggle={toggle('changefreq')}>
            <label className="bulk-field">
              <span>{words.t('bulk.newChangefreq')}</span>
              <select value={changefreq} disabled={!on.changefreq} onChange={(e) => setChangefreq(e.target.value)}>
                {CHANGEFREQ_VALUES.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
                <option value="">{words.t('bulk.emptyRemove')}</option>
              </select>
            </label>
          </FieldRow>
          <FieldRow label="priority" checked={on.priority} onToggle={toggle('priority')}>
            <label className="bulk-field">
              <span>{words.t('bulk.newPriority')}</span>
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
              <legend>{words.t('bulk.newLastmod')}</legend>
              <label>
                <input
                  type="radio"
                  name={`${id}-lm`}
                  checked={lastmodKind === 'today'}
                  onChange={() => setLastmodKind('today')}
                />
                {words.t('bulk.today', { date: todayLastmod() })}
              </label>
              <label>
                <input
                  type="radio"
                  name={`${id}-lm`}
                  checked={lastmodKind === 'date'}
                  onChange={() => setLastmodKind('date')}
                />
                {words.t('bulk.thisDate')}
                <input
                  type="text"
                  aria-label={words.t('bulk.lastmodDate')}
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
                {words.t('bulk.fromPublicationDate')}
              </label>
            </fieldset>
          </FieldRow>
        </fieldset>
        <p id={`${id}-err`} className="bulk-error" role={error ? 'alert' : undefined}>
          {error}
        </p>
      </div>
      <DialogFooter onClose={onClose} submit={words.t('bulk.apply')} disabled={!!error || busy} />
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

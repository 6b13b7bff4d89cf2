import { ADDED_STEM, LAYOUTS, type Layout } from '../../core/write/layout';
import type { ExportPrefs } from '../../store/settings-slice';
import type { ExportPlan } from '../../worker/protocol';
import type { MessageId } from '../../i18n/translator';
import { useWords } from '../i18n/words';

/** Each layout's name, and what it writes (shown under the choice). */
const LAYOUT_WORDS: Record<Layout, [MessageId, MessageId]> = {
  keep: ['layout.keep', 'layout.keep.note'],
  limits: ['layout.limits', 'layout.limits.note'],
  section: ['layout.section', 'layout.section.note'],
  type: ['layout.type', 'layout.type.note'],
  locale: ['layout.locale', 'layout.locale.note'],
  month: ['layout.month', 'layout.month.note'],
};

interface Props {
  prefs: ExportPrefs;
  plan: ExportPlan | null;
  onChange: (patch: Partial<ExportPrefs>) => void;
}

/**
 * The Layout choice: the user's own files back, or a split by limits or by
 * meaning. 'auto' (never chosen) shows what the worker decided for it.
 */
export function LayoutChoice({ prefs, plan, onChange }: Props) {
  const layout: Layout = prefs.layout === 'auto' ? (plan?.layout ?? 'limits') : prefs.layout;
  const targets = plan?.targets ?? [];
  const words = useWords();
  return (
    <fieldset className="choice export-layout">
      <legend className="visually-hidden">{words.t('files.title')}</legend>
      <label className="field-row">
        <span className="field-label">{words.t('layout.label')}</span>
        <select
          value={layout}
          aria-describedby="export-layout-note"
          onChange={(e) => onChange({ layout: e.currentTarget.value as Layout })}
        >
          {LAYOUTS.map((l) => (
            <option key={l} value={l}>
              {words.t(LAYOUT_WORDS[l][0])}
            </option>
          ))}
        </select>
      </label>
      <p id="export-layout-note" className="muted choice-note">
        {words.t(LAYOUT_WORDS[layout][1])}
      </p>
      {layout === 'keep' && targets.length > 0 && (
        <label className="field-row">
          <span className="field-label">{words.t('layout.newUrlsTo')}</span>
          <select value={prefs.newRowsTo} onChange={(e) => onChange({ newRowsTo: e.currentTarget.value })}>
            <option value="">{words.t('layout.newUrlsAuto')}</option>
            {targets
              .filter((t) => t !== ADDED_STEM)
              .map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            <option value={ADDED_STEM}>{words.t('layout.newFile', { name: `${ADDED_STEM}.xml` })}</option>
          </select>
        </label>
      )}
    </fieldset>
  );
}

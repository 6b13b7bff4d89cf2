import { useAppStore } from '../../store/app-store';
import type { ExportPlan } from '../../worker/protocol';
import { useWords } from '../i18n/words';

/**
 * The export dialog's one word on the board's planned pages: how many the
 * export leaves out (they are not live yet), and the choice to write them.
 * Nothing when no page is planned.
 */
export function PlannedPagesOption({ plan }: { plan: Pick<ExportPlan, 'planned' | 'plannedLeftOut'> | null }) {
  const include = useAppStore((s) => s.includePlanned);
  const setInclude = useAppStore((s) => s.setIncludePlanned);
  const planned = plan?.planned ?? 0;
  const words = useWords();
  if (planned === 0 && !include) return null;
  const left = plan?.plannedLeftOut ?? 0;
  return (
    <div className="export-planned" data-testid="planned-pages">
      <label className="option">
        <input type="checkbox" checked={include} onChange={(e) => setInclude(e.currentTarget.checked)} />
        {words.t('planned.include')}
      </label>
      <p className="muted choice-note" role="status">
        {include ? words.t('planned.written', { count: planned }) : words.t('planned.leftOut', { count: left })}
      </p>
    </div>
  );
}

import { useAppStore } from '../../store/app-store';
import type { ExportPlan } from '../../worker/protocol';
import { plural } from '../format';

/**
 * The export dialog's one word on the board's planned pages: how many the
 * export leaves out (they are not live yet), and the choice to write them.
 * Nothing when no page is planned.
 */
export function PlannedPagesOption({ plan }: { plan: Pick<ExportPlan, 'planned' | 'plannedLeftOut'> | null }) {
  const include = useAppStore((s) => s.includePlanned);
  const setInclude = useAppStore((s) => s.setIncludePlanned);
  const planned = plan?.planned ?? 0;
  if (planned === 0 && !include) return null;
  const left = plan?.plannedLeftOut ?? 0;
  return (
    <div className="export-planned" data-testid="planned-pages">
      <label className="option">
        <input type="checkbox" checked={include} onChange={(e) => setInclude(e.currentTarget.checked)} />
        Include planned pages
      </label>
      <p className="muted choice-note" role="status">
        {include
          ? `${plural(planned, 'planned page')} ${planned === 1 ? 'is' : 'are'} written with the others.`
          : `${plural(left, 'planned page')} ${left === 1 ? 'is' : 'are'} left out: ${left === 1 ? 'it is' : 'they are'} not live yet.`}
      </p>
    </div>
  );
}

import { useAppStore } from '../../store/app-store';

const WHY = {
  'open-elsewhere':
    'This document is open in another tab, which saves it. This tab is read-only, so the two cannot overwrite each other.',
  'taken-over':
    'Another tab took over this document. This tab is read-only now: it shows the document as it was then and saves nothing.',
} as const;

/** Says why this tab is read-only (another tab owns the document), with the way to take it over. */
export function TabBanner() {
  const why = useAppStore((s) => s.readOnlyWhy);
  const takingOver = useAppStore((s) => s.takingOver);
  const takeOver = useAppStore((s) => s.takeOver);
  if (why === null) return null;
  return (
    <div className="notice notice-error" role="alert" data-testid="tab-read-only">
      <span>{WHY[why]}</span>
      <button type="button" className="button" disabled={takingOver} onClick={() => void takeOver()}>
        {takingOver ? 'Taking over…' : 'Take over here'}
      </button>
    </div>
  );
}

import { useWords } from '../ui/i18n/words';
export const SIDE_PANELS_ID = 'side-panels';

/** Hides the side panels (problems, compare, structure, lastmod) so the table takes the window's width, and shows them again. */
export function SideToggle({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  const words = useWords();
  return (
    <button
      type="button"
      className="button button-small side-toggle"
      aria-expanded={open}
      aria-controls={SIDE_PANELS_ID}
      onClick={() => onToggle(!open)}
    >
      {open ? `◀ ${words.t('side.hide')}` : `▶ ${words.t('side.show')}`}
    </button>
  );
}

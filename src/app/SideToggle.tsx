import { useEffect, useState } from 'react';

const STORAGE_KEY = 'sitemap-editor:side-panels';
export const SIDE_PANELS_ID = 'side-panels';

/** Whether the side panels are open; remembered in this browser (open unless the user closed them). */
export function useSidePanels(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      return window.localStorage.getItem(STORAGE_KEY) !== 'closed';
    } catch {
      return true;
    }
  });
  useEffect(() => {
    try {
      window.localStorage.setItem(STORAGE_KEY, open ? 'open' : 'closed');
    } catch {
      // Refused: the choice lasts for the session.
    }
  }, [open]);
  return [open, setOpen];
}

/** Hides the side panels (problems, compare, structure, lastmod) so the table takes the window's width, and shows them again. */
export function SideToggle({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  return (
    <button
      type="button"
      className="button button-small side-toggle"
      aria-expanded={open}
      aria-controls={SIDE_PANELS_ID}
      onClick={() => onToggle(!open)}
    >
      {open ? '◀ Hide panels' : '▶ Show panels'}
    </button>
  );
}

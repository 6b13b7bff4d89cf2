import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A toolbar menu's open state, closed as menus are: by a click elsewhere or
 * by Escape, which gives the focus back to its button. Shared by the Columns
 * and More filters menus.
 */
export function useMenuPanel() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  return { open, setOpen, rootRef, buttonRef, onKeyDown };
}

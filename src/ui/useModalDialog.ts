import { useEffect, useRef, type RefObject } from 'react';

/**
 * A native `<dialog>` shown as a modal while `open` and closed otherwise:
 * the browser then keeps the focus inside, restores it on close and closes on
 * Escape (the dialog's `onClose` tells the store).
 */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

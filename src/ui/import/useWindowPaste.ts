import { PASTED_FILE_NAME } from '../../core/write/layout';
import { useEffect } from 'react';

/** Where a paste belongs to the field being typed in, not to the page. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * Pasting on the page (outside a text field) imports what was pasted: files
 * as files, text (a list of URLs, a sitemap's XML, CSV) as a file named
 * `pasted.txt`, read by content like any other.
 */
export function useWindowPaste(onFiles: (files: File[]) => void): void {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (isEditable(event.target) || !event.clipboardData) return;
      const files = Array.from(event.clipboardData.files);
      const text = event.clipboardData.getData('text/plain');
      if (files.length > 0) onFiles(files);
      else if (text.trim()) onFiles([new File([text], PASTED_FILE_NAME, { type: 'text/plain' })]);
      else return;
      event.preventDefault();
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [onFiles]);
}

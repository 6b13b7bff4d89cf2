import { useState } from 'react';
import { useAppStore } from '../../store/app-store';
import { ExportDialog } from './ExportDialog';
import { useWords } from '../i18n/words';

/** The toolbar's "Export" button and the dialog it opens. */
export function ExportButton() {
  const [open, setOpen] = useState(false);
  const canExport = useAppStore((s) => s.summary !== null && s.summary.urlCount > 0);
  const words = useWords();

  function editSiteUrl() {
    setOpen(false);
    // After the dialog has closed and given focus back to the page.
    window.setTimeout(() => {
      const field = document.getElementById('site-url');
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
    }, 0);
  }

  return (
    <>
      <button
        type="button"
        className="button"
        disabled={!canExport}
        title={words.t(canExport ? 'export.buttonTitle' : 'export.importFirst')}
        onClick={() => setOpen(true)}
      >
        {words.t('export.button')}
      </button>
      <ExportDialog open={open} onClose={() => setOpen(false)} onEditSiteUrl={editSiteUrl} />
    </>
  );
}

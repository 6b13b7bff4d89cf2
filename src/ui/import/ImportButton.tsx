import type { ChangeEvent, RefObject } from 'react';
import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

interface Props {
  /** Lets other controls (the empty state) open the same file picker. */
  inputRef?: RefObject<HTMLInputElement | null>;
}

/** The file picker, labelled "Import sitemaps" (a stable test hook). */
export function ImportButton({ inputRef }: Props) {
  const importFiles = useAppStore((s) => s.importFiles);
  const words = useWords();

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.currentTarget.files ?? []);
    // Cleared so that choosing the same file again still fires a change.
    event.currentTarget.value = '';
    void importFiles(files);
  }

  return (
    <div className="import-button">
      <label htmlFor="import-input" className="button button-primary">
        {words.t('toolbar.import')}
      </label>
      <input
        id="import-input"
        ref={inputRef}
        className="visually-hidden"
        type="file"
        multiple
        accept=".xml,.txt,.gz,.zip,.csv,.tsv,text/xml,application/xml,text/plain,application/gzip,application/zip,text/csv"
        onChange={onChange}
      />
    </div>
  );
}

import { useId, type ChangeEvent } from 'react';
import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

/** The file picker for the "before" sitemaps: the same kinds of file as an import. */
export function BeforeInput({ disabled }: { disabled: boolean }) {
  const loadBefore = useAppStore((s) => s.loadBefore);
  const id = useId();
  const words = useWords();

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.currentTarget.files ?? []);
    // Cleared so that choosing the same file again still fires a change.
    event.currentTarget.value = '';
    void loadBefore(files);
  }

  return (
    <span className="import-button">
      <label htmlFor={id} className={`button button-small${disabled ? ' cmp-disabled' : ''}`}>
        {words.t('compare.load')}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        multiple
        disabled={disabled}
        accept=".xml,.txt,.gz,.zip,.csv,.tsv,text/xml,application/xml,text/plain,application/gzip,application/zip,text/csv"
        onChange={onChange}
      />
    </span>
  );
}

import { useState, type FormEvent } from 'react';
import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

/**
 * Open URL: a sitemap, an index or a robots.txt URL, read with every file it
 * leads to by `sitemap-editor serve` (the store says how to start it when
 * the page was served otherwise).
 */
export function OpenUrlField() {
  const openUrl = useAppStore((s) => s.openUrl);
  const busy = useAppStore((s) => s.job !== null);
  const [draft, setDraft] = useState('');
  const words = useWords();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const url = draft.trim();
    if (url !== '') void openUrl(url);
  }

  return (
    <form className="site-url open-url" onSubmit={onSubmit} noValidate>
      <label htmlFor="open-url">{words.t('openUrl.label')}</label>
      <input
        id="open-url"
        type="url"
        inputMode="url"
        placeholder="https://example.com/robots.txt"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
      />
      <button type="submit" className="button" disabled={busy || draft.trim() === ''}>
        {words.t('openUrl.open')}
      </button>
    </form>
  );
}

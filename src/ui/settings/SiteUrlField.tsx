import { useState, type FormEvent } from 'react';
import { useAppStore } from '../../store/app-store';

/**
 * The Site URL, committed on Enter or when the field loses focus: every
 * commit re-checks the whole set, so not on each keystroke.
 */
export function SiteUrlField() {
  const siteUrl = useAppStore((s) => s.siteUrl);
  const setSiteUrl = useAppStore((s) => s.setSiteUrl);
  const [draft, setDraft] = useState(siteUrl);
  // Follows the store when it changes elsewhere (the render-time pattern React recommends over an effect).
  const [seen, setSeen] = useState(siteUrl);
  if (seen !== siteUrl) {
    setSeen(siteUrl);
    setDraft(siteUrl);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSiteUrl(draft);
  }

  return (
    <form className="site-url" onSubmit={onSubmit} noValidate>
      <label htmlFor="site-url">Site URL</label>
      <input
        id="site-url"
        type="url"
        inputMode="url"
        placeholder="https://www.example.com/"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={() => setSiteUrl(draft)}
        aria-describedby="site-url-hint"
      />
      <span id="site-url-hint" className="visually-hidden">
        Where the sitemaps will be served. URLs outside it are reported.
      </span>
    </form>
  );
}

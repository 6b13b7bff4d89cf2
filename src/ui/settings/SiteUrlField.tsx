import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppStore } from '../../store/app-store';
import { formatNumber } from '../format';
import './site-url.css';

/**
 * The Site URL, committed on Enter or when the field loses focus: every
 * commit re-checks the whole set, so not on each keystroke. Without one, the
 * origin every URL shares is suggested beside the field as a real value, a
 * button the user clicks to confirm it: never as the field's placeholder,
 * which reads as filled in.
 */
export function SiteUrlField() {
  const siteUrl = useAppStore((s) => s.siteUrl);
  const setSiteUrl = useAppStore((s) => s.setSiteUrl);
  const focus = useAppStore((s) => s.siteUrlFocus);
  const common = useAppStore((s) => s.summary?.commonOrigin ?? null);
  const [draft, setDraft] = useState(siteUrl);
  // Follows the store when it changes elsewhere (the render-time pattern React recommends over an effect).
  const [seen, setSeen] = useState(siteUrl);
  if (seen !== siteUrl) {
    setSeen(siteUrl);
    setDraft(siteUrl);
  }
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus > 0) input.current?.focus();
  }, [focus]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSiteUrl(draft);
  }

  const suggestion = !siteUrl && draft.trim() === '' && common?.sole ? `${common.origin}/` : null;

  return (
    <form className="site-url" onSubmit={onSubmit} noValidate>
      <label htmlFor="site-url">Site URL</label>
      <input
        ref={input}
        id="site-url"
        type="url"
        inputMode="url"
        // Never the guess: grey text in the field read as a Site URL already set (issue 34).
        placeholder="Not set"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={() => setSiteUrl(draft)}
        aria-describedby="site-url-hint"
      />
      <span id="site-url-hint" className="visually-hidden">
        Where the sitemaps will be served. URLs outside it are reported.
      </span>
      {suggestion && common && (
        <button
          type="button"
          className="button button-quiet site-url-suggestion"
          title={
            common.count === 1
              ? `The one absolute URL is on ${common.origin}`
              : `All ${formatNumber(common.count)} absolute URLs are on ${common.origin}`
          }
          onClick={() => setSiteUrl(suggestion)}
        >
          <span className="site-url-suggestion-text">Use {suggestion}</span>
        </button>
      )}
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppStore } from '../../store/app-store';
import './site-url.css';
import { useWords } from '../i18n/words';

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
  const words = useWords();
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
      <label htmlFor="site-url">{words.t('siteUrl.label')}</label>
      <input
        ref={input}
        id="site-url"
        type="url"
        inputMode="url"
        // Never the guess: grey text in the field read as a Site URL already set (issue 34).
        placeholder={words.t('siteUrl.notSet')}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={() => setSiteUrl(draft)}
        aria-describedby="site-url-hint"
      />
      <span id="site-url-hint" className="visually-hidden">
        {words.t('siteUrl.hint')}
      </span>
      {suggestion && common && (
        <button
          type="button"
          className="button button-quiet site-url-suggestion"
          title={words.t('siteUrl.allOn', { count: common.count, origin: common.origin })}
          onClick={() => setSiteUrl(suggestion)}
        >
          <span className="site-url-suggestion-text">{words.t('siteUrl.use', { url: suggestion })}</span>
        </button>
      )}
    </form>
  );
}

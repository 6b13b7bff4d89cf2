import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { DialogFooter } from '../DialogFooter';
import { originRewrite } from '../../core/edit/rewrite-urls';
import { URL_FIELD_GROUPS } from '../../core/edit/url-field-groups';
import { appStore, useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';
import { ReplacePreviewView, TargetChoice, useDefaultTarget } from './BulkDialog';
import { useReplacePreview } from './useReplacePreview';

/** The origin of a URL typed by the user, or '' (for comparing the Site URL with the old origin). */
function originOfUrl(url: string): string {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return '';
  }
}

/** The path and query of a URL (the part a migration keeps), or '/'. */
function pathOfUrl(url: string): string {
  try {
    const u = new URL(url.trim());
    return u.pathname + u.search;
  } catch {
    return '/';
  }
}

/**
 * The migration preset: every URL on origin A, in every URL field (loc,
 * images, videos, hreflang), moves to origin B in one undo step. The old
 * origin starts as the one the URLs share.
 */
export function MigrateForm({ onClose }: { onClose: () => void }) {
  const [target, setTarget] = useDefaultTarget();
  const common = useAppStore((s) => s.summary?.commonOrigin?.origin ?? '');
  const siteUrl = useAppStore((s) => s.siteUrl);
  const [from, setFrom] = useState(() => originOfUrl(appStore.getState().siteUrl) || common);
  const [to, setTo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const rewrite = useMemo(() => originRewrite(from, to), [from, to]);
  const siteOnOld = rewrite.ok && originOfUrl(siteUrl) === rewrite.from;
  const [moveSite, setMoveSite] = useState(true);
  const words = useWords();

  const options = useMemo(() => (rewrite.ok ? { ...rewrite.options, fields: [...URL_FIELD_GROUPS] } : null), [rewrite]);
  const [preview, setPreview] = useReplacePreview(target, options);
  useEffect(() => setConfirming(false), [rewrite, target]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!rewrite.ok || !preview || preview.error || preview.affected === 0) return;
    if (preview.breaking > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    // The Site URL moves with the URLs, its path kept, when the user left that box checked.
    const newSite = siteOnOld && moveSite ? rewrite.to + pathOfUrl(siteUrl) : undefined;
    const move = { from: rewrite.from, to: rewrite.to, ...(newSite ? { siteUrl: newSite } : {}) };
    const outcome = await appStore
      .getState()
      .replaceLoc(target, { ...rewrite.options, fields: [...URL_FIELD_GROUPS] }, confirming, move);
    setBusy(false);
    if (!outcome) return;
    if (outcome.refused) {
      setPreview(outcome.refused);
      setConfirming(true);
      return;
    }
    onClose();
  };

  const ready = rewrite.ok && preview !== null && preview.error === null && preview.affected > 0;
  return (
    <form onSubmit={(e) => void submit(e)}>
      <div className="dialog-scroll bulk-form">
        <p className="muted bulk-note">{words.t('bulk.migrateNote')}</p>
        <TargetChoice target={target} onChange={setTarget} />
        <label className="bulk-field">
          <span>{words.t('bulk.fromOrigin')}</span>
          <input
            type="text"
            value={from}
            spellCheck={false}
            autoComplete="off"
            placeholder="http://www.example.com"
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="bulk-field">
          <span>{words.t('bulk.toOrigin')}</span>
          <input
            type="text"
            value={to}
            spellCheck={false}
            autoComplete="off"
            placeholder="https://www.example.com"
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        {siteOnOld && (
          <label className="bulk-options">
            <input type="checkbox" checked={moveSite} onChange={(e) => setMoveSite(e.target.checked)} />
            {words.t('bulk.moveSite', { site: siteUrl })}
          </label>
        )}
        {!rewrite.ok && (from.trim() !== '' || to.trim() !== '') ? (
          <p className="bulk-error" role="alert">
            {rewrite.message}
          </p>
        ) : (
          rewrite.ok && <ReplacePreviewView preview={preview} />
        )}
        {confirming && preview && preview.breaking > 0 && (
          <p className="bulk-error" role="alert">
            {words.t('bulk.breakingAskShort', { count: preview.breaking })}
          </p>
        )}
      </div>
      <DialogFooter
        onClose={onClose}
        submit={words.t(confirming ? 'bulk.applyAnyway' : 'bulk.moveUrls')}
        disabled={!ready || busy}
      />
    </form>
  );
}

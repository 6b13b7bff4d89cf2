import { useId, useState } from 'react';
import type { IndexNowOffer } from '../../core/indexnow/offer';
import { useAppStore } from '../../store/app-store';
import { saveBytes } from '../export/download';
import { useWords } from '../i18n/words';
import type { Message } from '../../core/base/message';
import { msg, verbatim } from '../../i18n/translator';

const encoder = new TextEncoder();

/**
 * The comparison's IndexNow payload: the added and changed URLs (never the
 * others) as the JSON body Bing, Yandex and the other IndexNow engines
 * take, with the user's key, to copy into a script or download. Nothing is
 * sent from here: the page fetches nothing (the CLI's `indexnow` posts it).
 */
export function IndexNowPayload({ urls, disabled }: { urls: number; disabled: boolean }) {
  const indexNowOffer = useAppStore((s) => s.indexNowOffer);
  const [key, setKey] = useState('');
  const [host, setHost] = useState('');
  const [hosts, setHosts] = useState<IndexNowOffer['hosts']>([]);
  const [said, setSaid] = useState<{
    error: boolean;
    text: Message;
    refused?: IndexNowOffer['refused'];
    more?: number;
  }>();
  const keyId = useId();
  const hostId = useId();
  const words = useWords();

  const offer = async (): Promise<IndexNowOffer | null> => {
    const got = await indexNowOffer({ key: key.trim(), ...(host ? { host } : {}) });
    if (!got) return null;
    setHosts(got.hosts);
    if (got.error) {
      // Core's words (the key's check), English until core's words are keyed.
      setSaid({ error: true, text: verbatim(got.error) });
      return null;
    }
    return got;
  };

  const summary = (o: IndexNowOffer, done: 'copied' | 'downloaded') => {
    setSaid({
      error: false,
      text: msg('indexnow.done', {
        done,
        urls: o.urls,
        host: o.host,
        requests: o.requests,
        refused: o.refusedCount,
      }),
      refused: o.refused,
      more: o.refusedCount - o.refused.length,
    });
  };

  const copy = async () => {
    const o = await offer();
    if (!o) return;
    try {
      await navigator.clipboard.writeText(o.json);
      summary(o, 'copied');
    } catch {
      setSaid({ error: true, text: msg('indexnow.copyFailed') });
    }
  };

  const download = async () => {
    const o = await offer();
    if (!o) return;
    saveBytes(encoder.encode(o.json + '\n'), 'indexnow.json', 'application/json');
    summary(o, 'downloaded');
  };

  return (
    <div className="cmp-indexnow" role="group" aria-labelledby={`${keyId}-title`}>
      <h3 id={`${keyId}-title`} className="cmp-indexnow-title">
        IndexNow
      </h3>
      <p className="muted cmp-note">{words.t('indexnow.intro', { count: urls })}</p>
      <div className="cmp-indexnow-fields">
        <div className="field">
          <label htmlFor={keyId}>{words.t('indexnow.key')}</label>
          <input
            id={keyId}
            type="text"
            value={key}
            spellCheck={false}
            autoComplete="off"
            placeholder={words.t('indexnow.keyPlaceholder')}
            onChange={(e) => setKey(e.currentTarget.value)}
          />
        </div>
        {hosts.length > 1 && (
          <div className="field">
            <label htmlFor={hostId}>{words.t('indexnow.host')}</label>
            <select id={hostId} value={host} onChange={(e) => setHost(e.currentTarget.value)}>
              <option value="">{words.t('indexnow.chooseHost')}</option>
              {hosts.map((h) => (
                <option key={h.host} value={h.host}>
                  {h.host} ({words.t('compare.urls', { count: h.urls })})
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="cmp-actions">
        <button type="button" className="button button-small" disabled={disabled} onClick={() => void copy()}>
          {words.t('indexnow.copy')}
        </button>
        <button type="button" className="button button-small" disabled={disabled} onClick={() => void download()}>
          {words.t('indexnow.download')}
        </button>
      </div>
      {said && (
        <div
          className={said.error ? 'cmp-warning' : 'cmp-note'}
          role={said.error ? 'alert' : 'status'}
          data-testid="indexnow-status"
        >
          <p className="cmp-indexnow-said">{words.text(said.text)}</p>
          {said.refused && said.refused.length > 0 && (
            <ul className="cmp-indexnow-refused">
              {said.refused.map((r) => (
                <li key={r.url}>
                  <span className="cmp-files">{r.url}</span>: {r.why}
                </li>
              ))}
              {(said.more ?? 0) > 0 && <li>{words.t('indexnow.more', { count: said.more ?? 0 })}</li>}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

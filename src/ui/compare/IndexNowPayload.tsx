import { useId, useState } from 'react';
import type { IndexNowOffer } from '../../core/indexnow/offer';
import { useAppStore } from '../../store/app-store';
import { saveBytes } from '../export/download';
import { formatNumber, plural } from '../format';

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
    text: string;
    refused?: IndexNowOffer['refused'];
    more?: number;
  }>();
  const keyId = useId();
  const hostId = useId();

  const offer = async (): Promise<IndexNowOffer | null> => {
    const got = await indexNowOffer({ key: key.trim(), ...(host ? { host } : {}) });
    if (!got) return null;
    setHosts(got.hosts);
    if (got.error) {
      setSaid({ error: true, text: got.error });
      return null;
    }
    return got;
  };

  const summary = (o: IndexNowOffer, done: string) => {
    const refused = o.refusedCount > 0 ? ` ${plural(o.refusedCount, 'URL')} left out (below).` : '';
    const requests = o.requests > 1 ? ` (${formatNumber(o.requests)} requests of at most 10,000: a JSON array)` : '';
    setSaid({
      error: false,
      text: `${done} the payload of ${plural(o.urls, 'URL')} on ${o.host}${requests}.${refused}`,
      refused: o.refused,
      more: o.refusedCount - o.refused.length,
    });
  };

  const copy = async () => {
    const o = await offer();
    if (!o) return;
    try {
      await navigator.clipboard.writeText(o.json);
      summary(o, 'Copied');
    } catch {
      setSaid({ error: true, text: 'This browser did not let the page copy: download the payload instead.' });
    }
  };

  const download = async () => {
    const o = await offer();
    if (!o) return;
    saveBytes(encoder.encode(o.json + '\n'), 'indexnow.json', 'application/json');
    summary(o, 'Downloaded');
  };

  return (
    <div className="cmp-indexnow" role="group" aria-labelledby={`${keyId}-title`}>
      <h3 id={`${keyId}-title`} className="cmp-indexnow-title">
        IndexNow
      </h3>
      <p className="muted cmp-note">
        Tell Bing, Yandex and the other IndexNow search engines about the {plural(urls, 'added or changed URL')}: the
        payload lists only those. Send it with your key (served at https://your-host/KEY.txt).
      </p>
      <div className="cmp-indexnow-fields">
        <div className="field">
          <label htmlFor={keyId}>IndexNow key</label>
          <input
            id={keyId}
            type="text"
            value={key}
            spellCheck={false}
            autoComplete="off"
            placeholder="8 to 128 of a-z, A-Z, 0-9, -"
            onChange={(e) => setKey(e.currentTarget.value)}
          />
        </div>
        {hosts.length > 1 && (
          <div className="field">
            <label htmlFor={hostId}>Host</label>
            <select id={hostId} value={host} onChange={(e) => setHost(e.currentTarget.value)}>
              <option value="">Choose a host…</option>
              {hosts.map((h) => (
                <option key={h.host} value={h.host}>
                  {h.host} ({plural(h.urls, 'URL')})
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="cmp-actions">
        <button type="button" className="button button-small" disabled={disabled} onClick={() => void copy()}>
          Copy IndexNow payload
        </button>
        <button type="button" className="button button-small" disabled={disabled} onClick={() => void download()}>
          Download IndexNow payload
        </button>
      </div>
      {said && (
        <div
          className={said.error ? 'cmp-warning' : 'cmp-note'}
          role={said.error ? 'alert' : 'status'}
          data-testid="indexnow-status"
        >
          <p className="cmp-indexnow-said">{said.text}</p>
          {said.refused && said.refused.length > 0 && (
            <ul className="cmp-indexnow-refused">
              {said.refused.map((r) => (
                <li key={r.url}>
                  <span className="cmp-files">{r.url}</span>: {r.why}
                </li>
              ))}
              {(said.more ?? 0) > 0 && <li>and {plural(said.more ?? 0, 'more URL')}</li>}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

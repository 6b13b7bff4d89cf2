import { useId, useState } from 'react';
import type { RedirectFormat } from '../../core/write/redirect-map';
import { useAppStore } from '../../store/app-store';
import { saveBlob } from '../export/download';
import { useWords } from '../i18n/words';
import type { MessageId } from '../../i18n/translator';

const FORMATS: [RedirectFormat, string | MessageId][] = [
  ['csv', 'redirects.csv'],
  ['nginx', 'nginx map'],
  ['apache', 'Apache Redirect 301'],
  ['netlify', 'Netlify _redirects'],
];

/** Downloads the redirect map of every loc changed in this session (moves, renames, find & replace, edits). */
export function RedirectMapButton() {
  const redirectMap = useAppStore((s) => s.redirectMap);
  const canUndo = useAppStore((s) => s.history.canUndo);
  const [format, setFormat] = useState<RedirectFormat>('csv');
  const id = useId();
  const words = useWords();
  const download = async () => {
    const map = await redirectMap(format);
    if (map)
      saveBlob(
        new Blob([map.text], {
          type: map.mimeType.startsWith('text/') ? `${map.mimeType};charset=utf-8` : map.mimeType,
        }),
        map.fileName,
      );
  };
  return (
    <div className="dg-group dg-redirects">
      <label htmlFor={id}>{words.t('redirects.label')}</label>
      <select id={id} value={format} onChange={(e) => setFormat(e.target.value as RedirectFormat)}>
        {FORMATS.map(([value, label]) => (
          <option key={value} value={value}>
            {label === 'redirects.csv' ? words.t(label) : label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        onClick={() => void download()}
        disabled={!canUndo}
        title={canUndo ? undefined : words.t('redirects.nothingYet')}
      >
        {words.t('redirects.download')}
      </button>
    </div>
  );
}

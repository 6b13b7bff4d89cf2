import { useId, useState } from 'react';
import type { RedirectFormat } from '../../core/write/redirect-map';
import { useAppStore } from '../../store/app-store';
import { saveBlob } from '../export/download';

const FORMATS: [RedirectFormat, string][] = [
  ['csv', 'CSV (old, new)'],
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
      <label htmlFor={id}>Redirect map</label>
      <select id={id} value={format} onChange={(e) => setFormat(e.target.value as RedirectFormat)}>
        {FORMATS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        onClick={() => void download()}
        disabled={!canUndo}
        title={canUndo ? undefined : 'Nothing has changed in this session yet.'}
      >
        Download redirect map
      </button>
    </div>
  );
}

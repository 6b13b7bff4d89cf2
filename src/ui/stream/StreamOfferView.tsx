import { useId, useState } from 'react';
import { useAppStore } from '../../store/app-store';
import type { StreamOffer } from '../../store/stream-slice';
import { formatBytes, formatNumber, plural } from '../format';

const WHERE: Record<StreamOffer['threshold']['source'], string> = {
  default: 'what this editor allows a browser tab',
  'device-memory': 'what this device’s memory allows',
  'heap-limit': 'what this browser’s memory limit allows',
  address: 'the limit set by ?stream-threshold in the page address, for testing',
};

/** Says plainly that the set is too large for the table, and offers to check and re-split it without loading it. */
export function StreamOfferView({ offer }: { offer: StreamOffer }) {
  const startStream = useAppStore((s) => s.startStream);
  const importAnyway = useAppStore((s) => s.importAnyway);
  const closeStream = useAppStore((s) => s.closeStream);
  const [fix, setFix] = useState(false);
  const titleId = useId();
  const { estimate, threshold, files, inTable } = offer;
  const about = estimate.exact ? '' : 'about ';
  return (
    <section className="stream-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Too many URLs for the table</h2>
      <p data-testid="stream-estimate">
        {files.length === 1 ? 'This file holds' : `These ${formatNumber(files.length)} files hold`} {about}
        <strong>{plural(estimate.urls, 'URL')}</strong> ({about}
        {formatBytes(estimate.bytes)} of sitemap text
        {estimate.exact ? '' : `, estimated from the start of ${files.length === 1 ? 'the file' : 'each file'}`})
        {inTable > 0 ? `, to add to the ${plural(inTable, 'URL')} already in the table` : ''}. The table keeps every URL
        in this tab’s memory, and {formatNumber(threshold.urls)} URLs is {WHERE[threshold.source]}.
      </p>
      <p>
        Instead, the editor can read {files.length === 1 ? 'the file' : 'the files'} piece by piece, check every URL
        against the same rules, and write them out again as sitemaps split at 50,000 URLs with an index — keeping none
        of them in memory. You get the problems counted by rule with examples, and a zip to download. You cannot browse
        or edit the URLs this way.
      </p>
      <label className="stream-fix">
        <input type="checkbox" checked={fix} onChange={(e) => setFix(e.currentTarget.checked)} />
        Apply the safe automatic fixes to what is written (and merge repeated URLs)
      </label>
      <div className="stream-actions">
        <button type="button" className="button button-primary" onClick={() => void startStream(fix)}>
          Check and re-split without loading into the table
        </button>
        <button type="button" className="button" onClick={importAnyway}>
          Import into the table anyway
        </button>
        <button type="button" className="button button-quiet" onClick={closeStream}>
          Cancel
        </button>
      </div>
    </section>
  );
}

import { useAppStore } from '../../store/app-store';
import { sampleSitemapFile } from '../sample/sample-sitemap';
import { focusTable } from '../focus-table';

interface Props {
  onChoose: () => void;
}

/** What the page says before anything is imported: what to do, what is accepted, and a sample to try. */
export function EmptyState({ onChoose }: Props) {
  const importFiles = useAppStore((s) => s.importFiles);
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">Open your sitemaps</h2>
      <p className="empty-lead">
        Drop sitemap files anywhere in this window, or{' '}
        <button type="button" className="link-button" onClick={onChoose}>
          choose them
        </button>{' '}
        with <strong>Import sitemaps</strong>. You can also paste a list of URLs here (Ctrl+V).
      </p>
      <p className="muted">
        XML and text sitemaps, sitemap indexes with their files, gzipped (.gz) or zipped, and CSV. Many files at once.
      </p>
      <ol className="empty-steps">
        <li>
          <strong>Check</strong> every URL against the sitemaps.org rules and Search Console's errors.
        </li>
        <li>
          <strong>Fix</strong> what is wrong, automatically where it is safe.
        </li>
        <li>
          <strong>Export</strong> sitemaps, split and indexed, that search engines accept.
        </li>
      </ol>
      <div className="empty-sample">
        <button
          type="button"
          className="button"
          onClick={() => void importFiles([sampleSitemapFile()]).then(() => focusTable())}
        >
          Try a sample sitemap
        </button>
        <span className="muted">12 URLs with a few typical mistakes.</span>
      </div>
      <p className="muted">Everything happens in this browser tab: nothing is uploaded.</p>
    </section>
  );
}

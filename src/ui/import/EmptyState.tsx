interface Props {
  onChoose: () => void;
}

/** What the page says before anything is imported: what to do, and what is accepted. */
export function EmptyState({ onChoose }: Props) {
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">Open your sitemaps</h2>
      <p>
        Drop sitemap files anywhere in this window, or{' '}
        <button type="button" className="link-button" onClick={onChoose}>
          choose them
        </button>{' '}
        with <strong>Import sitemaps</strong>.
      </p>
      <p className="muted">
        XML and text sitemaps, sitemap indexes with their files, gzipped (.gz) or zipped, and CSV. Many files at
        once.
      </p>
      <p className="muted">Everything happens in this browser tab: nothing is uploaded.</p>
    </section>
  );
}

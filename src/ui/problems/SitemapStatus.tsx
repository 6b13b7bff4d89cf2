import { useEffect, useState } from 'react';
import type { FileStatus } from '../../core/check/file-status';
import { useAppStore } from '../../store/app-store';
import { formatNumber, plural } from '../format';

/** A sitemap's status in the words of Search Console's Sitemaps report, with our counts. */
function statusText(s: FileStatus): string {
  if (s.unreadable) return 'Could not be read';
  if (s.errors === 0 && s.warnings === 0) return 'OK';
  return [s.errors > 0 ? plural(s.errors, 'error') : '', s.warnings > 0 ? plural(s.warnings, 'warning') : '']
    .filter(Boolean)
    .join(' · ');
}

/**
 * Every sitemap file and its status (OK, N errors, N warnings, could not be
 * read), as Search Console's Sitemaps report lists them. Asked of the worker
 * again whenever the totals change (an edit, a fix).
 */
export function SitemapStatus() {
  const summary = useAppStore((s) => s.summary);
  const fileStatus = useAppStore((s) => s.fileStatus);
  const [list, setList] = useState<FileStatus[]>([]);

  useEffect(() => {
    let live = true;
    fileStatus().then(
      (got) => live && setList(got),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [summary, fileStatus]);

  if (list.length === 0) return null;
  return (
    <div className="problem-section sitemap-status">
      <h3 id="sitemap-status-title" className="section-title">
        Sitemaps <span className="muted">{formatNumber(list.length)}</span>
      </h3>
      <table className="sitemap-status-table" aria-labelledby="sitemap-status-title" data-testid="sitemap-status">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">URLs</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <tr
              key={s.file}
              className={
                s.unreadable || s.errors > 0 ? 'status-error' : s.warnings > 0 ? 'status-warning' : 'status-ok'
              }
            >
              <td className="sitemap-status-file" title={s.file}>
                {s.file}
              </td>
              <td className="num">{s.unreadable ? '—' : formatNumber(s.urls)}</td>
              <td>{statusText(s)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { FileStatus } from '../../core/check/file-status';
import { useAppStore } from '../../store/app-store';
import type { Translator } from '../../i18n/translator';
import { useWords } from '../i18n/words';

/** A sitemap's status in the words of Search Console's Sitemaps report, with our counts. */
export function statusText(s: FileStatus, words: Translator): string {
  if (s.unreadable) return words.t('sitemaps.unreadable');
  if (s.errors === 0 && s.warnings === 0) return words.t('details.ok');
  return [
    s.errors > 0 ? words.t('sitemaps.errors', { count: s.errors }) : '',
    s.warnings > 0 ? words.t('sitemaps.warnings', { count: s.warnings }) : '',
  ]
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
  const words = useWords();

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
        {words.t('sitemaps.title')} <span className="muted">{words.n(list.length)}</span>
      </h3>
      <table className="sitemap-status-table" aria-labelledby="sitemap-status-title" data-testid="sitemap-status">
        <thead>
          <tr>
            <th scope="col">{words.t('files.file')}</th>
            <th scope="col">{words.t('totals.urls')}</th>
            <th scope="col">{words.t('sitemaps.status')}</th>
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
              <td className="num">{s.unreadable ? '—' : words.n(s.urls)}</td>
              <td>{statusText(s, words)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useAppStore } from '../../store/app-store';
import type { SourceFile } from '../../core/rows/types';
import { formatBytes, formatNumber, plural } from '../format';
import { FileTableHead } from '../FileTableHead';

const KIND: Record<SourceFile['kind'], string> = {
  urlset: 'XML sitemap',
  sitemapindex: 'Sitemap index',
  text: 'Text sitemap',
  csv: 'CSV',
  none: 'Not a sitemap',
  rss: 'RSS 2.0 feed',
  atom: 'Atom 1.0 feed',
};

/** Files read as data the checks use (robots.txt rules, a crawl export), not as sitemaps. */
const SITE_DATA: Record<NonNullable<SourceFile['siteData']>['kind'], string> = {
  robots: 'robots.txt rules',
  crawl: 'Crawl export',
};

function kindOf(f: SourceFile): string {
  return f.siteData ? SITE_DATA[f.siteData.kind] : KIND[f.kind];
}

/** The files imported, with what each turned out to be: one line that opens to the list, so the table keeps the room. */
export function FileList() {
  const files = useAppStore((s) => s.summary?.files);
  if (!files || files.length === 0) return null;
  const entries = files.reduce((sum, f) => sum + f.count, 0);
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const only = files.length === 1 ? files[0] : undefined;
  return (
    <section className="panel files" aria-labelledby="files-title">
      <details>
        <summary className="files-summary">
          <h2 id="files-title">
            Files <span className="muted">{formatNumber(files.length)}</span>
          </h2>
          <span className="files-line muted" data-testid="files-summary">
            {only ? (
              <>
                <span className="file-name">{only.name}</span> · {kindOf(only)} ·{' '}
                {plural(only.count, 'entry', 'entries')} · {formatBytes(only.bytes)}
              </>
            ) : (
              <>
                {plural(entries, 'entry', 'entries')} · {formatBytes(bytes)}
              </>
            )}
          </span>
        </summary>
        <table className="file-table" aria-labelledby="files-title">
          <FileTableHead countLabel="Entries" />
          <tbody>
            {files.map((f, i) => (
              <tr key={i}>
                <td className="file-name">{f.name}</td>
                <td>
                  {kindOf(f)}
                  {f.compression === 'gzip' && <span className="muted"> · gzip</span>}
                  {f.encoding && f.encoding !== 'utf-8' && <span className="muted"> · {f.encoding}</span>}
                </td>
                <td className="num">{formatNumber(f.count)}</td>
                <td className="num">{formatBytes(f.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

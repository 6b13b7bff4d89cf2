import { useAppStore } from '../../store/app-store';
import type { SourceFile } from '../../core/types';
import { formatBytes, formatNumber } from '../format';

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

/** The files imported, with what each turned out to be. */
export function FileList() {
  const files = useAppStore((s) => s.summary?.files);
  if (!files || files.length === 0) return null;
  return (
    <section className="panel files" aria-labelledby="files-title">
      <h2 id="files-title">
        Files <span className="muted">{formatNumber(files.length)}</span>
      </h2>
      <table className="file-table">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Entries
            </th>
            <th scope="col" className="num">
              Size
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((f, i) => (
            <tr key={i}>
              <td className="file-name">{f.name}</td>
              <td>
                {f.siteData ? SITE_DATA[f.siteData.kind] : KIND[f.kind]}
                {f.compression === 'gzip' && <span className="muted"> · gzip</span>}
                {f.encoding && f.encoding !== 'utf-8' && <span className="muted"> · {f.encoding}</span>}
              </td>
              <td className="num">{formatNumber(f.count)}</td>
              <td className="num">{formatBytes(f.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

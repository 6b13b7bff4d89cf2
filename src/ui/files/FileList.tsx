import { useAppStore } from '../../store/app-store';
import type { SourceFile } from '../../core/rows/types';
import type { MessageId } from '../../i18n/translator';
import { useWords, type Words } from '../i18n/words';
import { FileTableHead } from '../FileTableHead';

const KIND: Record<SourceFile['kind'], MessageId> = {
  urlset: 'fileKind.urlset',
  sitemapindex: 'fileKind.sitemapindex',
  text: 'fileKind.text',
  csv: 'fileKind.csv',
  none: 'fileKind.none',
  rss: 'fileKind.rss',
  atom: 'fileKind.atom',
};

/** Files read as data the checks use (robots.txt rules, a crawl export), not as sitemaps. */
const SITE_DATA: Record<NonNullable<SourceFile['siteData']>['kind'], MessageId> = {
  robots: 'fileKind.robots',
  crawl: 'fileKind.crawl',
};

function kindOf(f: SourceFile, words: Words): string {
  return words.t(f.siteData ? SITE_DATA[f.siteData.kind] : KIND[f.kind]);
}

/** The files imported, with what each turned out to be: one line that opens to the list, so the table keeps the room. */
export function FileList() {
  const files = useAppStore((s) => s.summary?.files);
  const openedFrom = useAppStore((s) => s.summary?.openedFrom);
  const words = useWords();
  if (!files || files.length === 0) return null;
  const entries = files.reduce((sum, f) => sum + f.count, 0);
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const only = files.length === 1 ? files[0] : undefined;
  return (
    <section className="panel files" aria-labelledby="files-title">
      <details>
        <summary className="files-summary">
          <h2 id="files-title">
            {words.t('files.title')} <span className="muted">{words.n(files.length)}</span>
          </h2>
          <span className="files-line muted" data-testid="files-summary">
            {only ? (
              <>
                <span className="file-name">{only.name}</span> · {kindOf(only, words)} ·{' '}
                {words.t('files.entries', { count: only.count })} · {words.bytes(only.bytes)}
              </>
            ) : (
              <>
                {words.t('files.entries', { count: entries })} · {words.bytes(bytes)}
              </>
            )}
            {openedFrom && openedFrom.length > 0 && (
              <span
                className="files-source"
                data-testid="files-opened-from"
                title={openedFrom.map((o) => o.url).join('\n')}
              >
                {' · '}
                {openedFrom.length === 1
                  ? words.t('files.openedFrom', { url: openedFrom[0]?.url ?? '' })
                  : words.t('files.openedFromMore', { url: openedFrom[0]?.url ?? '', count: openedFrom.length - 1 })}
              </span>
            )}
          </span>
        </summary>
        <table className="file-table" aria-labelledby="files-title">
          <FileTableHead countLabel={words.t('files.entriesColumn')} />
          <tbody>
            {files.map((f, i) => (
              <tr key={i}>
                <td className="file-name">{f.name}</td>
                <td>
                  {kindOf(f, words)}
                  {f.compression === 'gzip' && <span className="muted"> · gzip</span>}
                  {f.encoding && f.encoding !== 'utf-8' && <span className="muted"> · {f.encoding}</span>}
                </td>
                <td className="num">{words.n(f.count)}</td>
                <td className="num">{words.bytes(f.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

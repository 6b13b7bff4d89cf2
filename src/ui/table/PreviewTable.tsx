import { useAppStore } from '../../store/app-store';
import { formatNumber } from '../format';

/**
 * The first rows of the set, read-only. URLs are plain text, never links: an
 * imported `javascript:` loc must not become clickable.
 */
export function PreviewTable() {
  const summary = useAppStore((s) => s.summary);
  if (!summary) return null;
  const rows = summary.preview;
  return (
    <section className="panel preview" aria-labelledby="preview-title">
      <h2 id="preview-title">
        URLs{' '}
        <span className="muted">
          {rows.length < summary.urlCount
            ? `first ${formatNumber(rows.length)} of ${formatNumber(summary.urlCount)}`
            : formatNumber(summary.urlCount)}
        </span>
      </h2>
      {rows.length === 0 ? (
        <p className="muted">No URLs were read from these files.</p>
      ) : (
        <div className="table-scroll">
          <table role="grid" aria-labelledby="preview-title" aria-rowcount={rows.length} aria-readonly="true" className="url-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">loc</th>
                <th scope="col">lastmod</th>
                <th scope="col">changefreq</th>
                <th scope="col">priority</th>
                <th scope="col">file</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={row.id}>
                  <td className="num muted">{i + 1}</td>
                  <td className="loc">{row.loc}</td>
                  <td className="nowrap">{row.lastmod}</td>
                  <td>{row.changefreq}</td>
                  <td>{row.priority}</td>
                  <td className="file-name nowrap">{row.file}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

import { useState } from 'react';
import type { PlannedFile } from '../../core/write/options';
import { formatBytes, formatNumber } from '../format';
import type { PlanState } from './useExportPlan';
import { FileTableHead } from '../FileTableHead';

/** The files the export will write, as planned in the worker. */
export function ExportPreview({ state }: { state: PlanState }) {
  const { plan, error, loading } = state;
  return (
    <section className="export-preview" aria-labelledby="export-preview-title" aria-busy={loading}>
      <h3 id="export-preview-title">
        Files to write {plan && <span className="muted">{formatNumber(plan.files.length)}</span>}
        {loading && <span className="muted updating"> · updating…</span>}
      </h3>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : !plan ? (
        <p className="muted">Planning…</p>
      ) : plan.files.length === 0 ? (
        <p className="muted">Nothing to write: no row has a URL.</p>
      ) : (
        <>
          <FileTable files={plan.files} />
          <p className="muted hint">Sizes are before compression: the limits apply to them.</p>
        </>
      )}
    </section>
  );
}

function FileTable({ files }: { files: PlannedFile[] }) {
  return (
    // Focusable, so the keyboard can scroll a long list (axe: scrollable-region-focusable).
    <div className="export-files-scroll" tabIndex={0} role="group" aria-label="Files to write, scrollable">
      <table className="file-table export-files" aria-label="Files to write">
        <FileTableHead countLabel="URLs" />
        <tbody>
          {files.map((f) => (
            <tr key={f.name}>
              <td className="file-name">{f.name}</td>
              <td>{f.kind === 'index' ? 'Sitemap index' : 'Sitemap'}</td>
              <td className="num">{formatNumber(f.urls)}</td>
              <td className="num" title={`${formatNumber(f.rawBytes)} bytes uncompressed`}>
                {formatBytes(f.rawBytes)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The `Sitemap:` lines for robots.txt, with a button that copies them. */
export function RobotsLines({ text, note }: { text: string; note?: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [seen, setSeen] = useState(text);
  if (seen !== text) {
    setSeen(text);
    setCopied(null);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      // No clipboard permission (or an insecure context): the text is selectable.
      setCopied('failed');
    }
  }

  return (
    <section className="robots" aria-labelledby="robots-title">
      <div className="robots-head">
        <h3 id="robots-title">robots.txt</h3>
        <button type="button" className="button button-small" onClick={() => void copy()} disabled={text === ''}>
          Copy
        </button>
        <span className="muted" role="status">
          {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Could not copy: select the lines and copy them.' : ''}
        </span>
      </div>
      <pre className="robots-lines" data-testid="robots-txt">
        {text || ' '}
      </pre>
      {note && <p className="muted robots-note">{note}</p>}
    </section>
  );
}

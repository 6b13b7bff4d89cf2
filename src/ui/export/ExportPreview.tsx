import { useState } from 'react';
import type { PlannedFile } from '../../core/write/options';
import { useWords } from '../i18n/words';
import type { PlanState } from './useExportPlan';
import { FileTableHead } from '../FileTableHead';

/** The files the export will write, as planned in the worker. */
export function ExportPreview({ state }: { state: PlanState }) {
  const { plan, error, loading } = state;
  const words = useWords();
  return (
    <section className="export-preview" aria-labelledby="export-preview-title" aria-busy={loading}>
      <h3 id="export-preview-title">
        {words.t('export.filesToWrite')} {plan && <span className="muted">{words.n(plan.files.length)}</span>}
        {loading && <span className="muted updating"> · {words.t('export.updating')}</span>}
      </h3>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : !plan ? (
        <p className="muted">{words.t('export.planning')}</p>
      ) : plan.files.length === 0 ? (
        <p className="muted">{words.t('export.nothingToWrite')}</p>
      ) : (
        <>
          <FileTable files={plan.files} />
          <p className="muted hint">{words.t('export.sizesNote')}</p>
        </>
      )}
    </section>
  );
}

function FileTable({ files }: { files: PlannedFile[] }) {
  const words = useWords();
  return (
    // Focusable, so the keyboard can scroll a long list (axe: scrollable-region-focusable).
    <div className="export-files-scroll" tabIndex={0} role="group" aria-label={words.t('export.filesScrollable')}>
      <table className="file-table export-files" aria-label={words.t('export.filesToWrite')}>
        <FileTableHead countLabel={words.t('totals.urls')} />
        <tbody>
          {files.map((f) => (
            <tr key={f.name}>
              <td className="file-name">{f.name}</td>
              <td>{words.t(f.kind === 'index' ? 'fileKind.sitemapindex' : 'export.sitemap')}</td>
              <td className="num">{words.n(f.urls)}</td>
              <td className="num" title={words.t('export.uncompressed', { bytes: f.rawBytes })}>
                {words.bytes(f.rawBytes)}
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
  const words = useWords();
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
          {words.t('action.copy')}
        </button>
        <span className="muted" role="status">
          {copied === 'yes' ? words.t('copy.done') : copied === 'failed' ? words.t('copy.failed') : ''}
        </span>
      </div>
      <pre className="robots-lines" data-testid="robots-txt">
        {text || ' '}
      </pre>
      {note && <p className="muted robots-note">{note}</p>}
    </section>
  );
}

import { useAppStore } from '../../store/app-store';
import { sampleSitemapFile } from '../sample/sample-sitemap';
import { focusTable } from '../focus-table';
import { useWords } from '../i18n/words';

interface Props {
  onChoose: () => void;
}

/** What the page says before anything is imported: what to do, what is accepted, and a sample to try. */
export function EmptyState({ onChoose }: Props) {
  const importFiles = useAppStore((s) => s.importFiles);
  const words = useWords();
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <h2 id="empty-title">{words.t('empty.title')}</h2>
      <p className="empty-lead">
        {words.rich('empty.lead', {
          choose: (chunks) => (
            <button type="button" className="link-button" onClick={onChoose}>
              {chunks}
            </button>
          ),
          strong: (chunks) => <strong>{chunks}</strong>,
          import: words.t('toolbar.import'),
        })}
      </p>
      <p className="muted">{words.t('empty.formats')}</p>
      <ol className="empty-steps">
        <li>{words.rich('empty.check', { strong: (chunks) => <strong>{chunks}</strong> })}</li>
        <li>{words.rich('empty.fix', { strong: (chunks) => <strong>{chunks}</strong> })}</li>
        <li>{words.rich('empty.export', { strong: (chunks) => <strong>{chunks}</strong> })}</li>
      </ol>
      <div className="empty-sample">
        <button
          type="button"
          className="button"
          onClick={() => void importFiles([sampleSitemapFile()]).then(() => focusTable())}
        >
          {words.t('empty.sample')}
        </button>
        <span className="muted">{words.t('empty.sampleNote')}</span>
      </div>
      <p className="muted">{words.t('empty.local')}</p>
    </section>
  );
}

import { memo, useState } from 'react';
import { appStore, useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';
import { BulkDialog, type BulkMode } from './BulkDialog';
import './bulk.css';

/**
 * The selection (its size, select all shown, clear) and the bulk commands:
 * set values, find & replace in loc, remove duplicates. Each opens a dialog
 * that applies to the selection or, without one, to every row shown.
 */
export const BulkBar = memo(function BulkBar() {
  const selectedCount = useAppStore((s) => s.selected.size);
  const selectAllView = useAppStore((s) => s.selectAllView);
  const viewCount = useAppStore((s) => s.viewCount);
  const busy = useAppStore((s) => s.job !== null || s.editTask !== null);
  const [mode, setMode] = useState<BulkMode | null>(null);
  const words = useWords();

  const status = selectAllView
    ? words.t('bulk.allShownSelected', { count: viewCount })
    : selectedCount > 0
      ? words.t('bulk.selected', { count: selectedCount })
      : words.t('bulk.noneSelected');
  const disabled = busy || viewCount === 0;

  return (
    <div className="bulk-bar" role="toolbar" aria-label={words.t('bulk.toolbar')}>
      <span className="bulk-status" data-testid="selection-count" aria-live="polite">
        {status}
      </span>
      {!selectAllView && viewCount > 0 && (
        <button type="button" className="button button-quiet" onClick={() => appStore.getState().selectView()}>
          {words.t('bulk.selectAllShown')}
        </button>
      )}
      {(selectAllView || selectedCount > 0) && (
        <button type="button" className="button button-quiet" onClick={() => appStore.getState().clearSelection()}>
          {words.t('bulk.clearSelection')}
        </button>
      )}
      <span className="bulk-commands">
        <button type="button" className="button" disabled={disabled} onClick={() => setMode('set')}>
          {words.t('bulk.setValues')}
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => setMode('replace')}>
          {words.t('bulk.findReplace')}
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => setMode('migrate')}>
          {words.t('bulk.migrate')}
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => setMode('dedupe')}>
          {words.t('bulk.dedupe')}
        </button>
      </span>
      <BulkDialog mode={mode} onClose={() => setMode(null)} />
    </div>
  );
});

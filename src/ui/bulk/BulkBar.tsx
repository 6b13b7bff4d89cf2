import { memo, useState } from 'react';
import { appStore, useAppStore } from '../../store/app-store';
import { formatNumber } from '../format';
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

  const status = selectAllView
    ? `All ${formatNumber(viewCount)} shown selected`
    : selectedCount > 0
      ? `${formatNumber(selectedCount)} selected`
      : 'No rows selected';
  const disabled = busy || viewCount === 0;

  return (
    <div className="bulk-bar" role="toolbar" aria-label="Selection and bulk edits">
      <span className="bulk-status" data-testid="selection-count" aria-live="polite">
        {status}
      </span>
      {!selectAllView && viewCount > 0 && (
        <button type="button" className="button button-quiet" onClick={() => appStore.getState().selectView()}>
          Select all shown
        </button>
      )}
      {(selectAllView || selectedCount > 0) && (
        <button type="button" className="button button-quiet" onClick={() => appStore.getState().clearSelection()}>
          Clear selection
        </button>
      )}
      <span className="bulk-commands">
        <button type="button" className="button" disabled={disabled} onClick={() => setMode('set')}>
          Set values…
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => setMode('replace')}>
          Find &amp; replace…
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => setMode('migrate')}>
          Move to another origin…
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => setMode('dedupe')}>
          Remove duplicates…
        </button>
      </span>
      <BulkDialog mode={mode} onClose={() => setMode(null)} />
    </div>
  );
});

import { useEffect, useState } from 'react';
import type { ReplaceOptions } from '../../core/edit/bulk';
import { appStore } from '../../store/app-store';
import type { BulkTarget } from '../../store/bulk-slice';
import type { ReplacePreview } from '../../worker/protocol';

const PREVIEW_ROWS = 10;
/** Long enough that typing a word asks once, short enough to feel live. */
const PREVIEW_DEBOUNCE_MS = 150;

/**
 * The worker's preview of a find & replace (or a move to another origin),
 * asked a moment after the options last changed; null while `options` is
 * null (nothing to preview yet). A stale answer never replaces a newer one.
 * The setter lets a refused submit show what the worker found.
 */
export function useReplacePreview(
  target: BulkTarget,
  options: ReplaceOptions | null,
): [ReplacePreview | null, (p: ReplacePreview | null) => void] {
  const [preview, setPreview] = useState<ReplacePreview | null>(null);
  useEffect(() => {
    if (!options) {
      setPreview(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void appStore
        .getState()
        .previewReplace(target, options, PREVIEW_ROWS)
        .then((p) => {
          if (live) setPreview(p);
        })
        .catch(() => {});
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [options, target]);
  return [preview, setPreview];
}

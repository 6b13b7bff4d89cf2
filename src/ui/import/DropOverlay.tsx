import { useWords } from '../i18n/words';
/** Shown over the whole window while files are dragged over it. */
export function DropOverlay({ visible }: { visible: boolean }) {
  const words = useWords();
  if (!visible) return null;
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">{words.t('drop.overlay')}</div>
    </div>
  );
}

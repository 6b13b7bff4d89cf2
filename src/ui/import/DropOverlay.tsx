/** Shown over the whole window while files are dragged over it. */
export function DropOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className="drop-overlay" data-testid="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">Drop sitemaps to import them</div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { SourceLines } from '../../core/read/source-lines';
import { useAppStore } from '../../store/app-store';
import { useWords } from '../i18n/words';

/**
 * The source lines around a file-level problem, the problem's line marked
 * and a caret under its column. The worker reads them from the imported
 * file when asked; a document restored after a reload no longer has it.
 */
export function SourceView({ file, line, column }: { file: string; line: number; column: number }) {
  const sourceLines = useAppStore((s) => s.sourceLines);
  const [lines, setLines] = useState<SourceLines | null | 'loading'>('loading');
  const words = useWords();

  useEffect(() => {
    let live = true;
    void sourceLines(file, line, column).then((got) => live && setLines(got));
    return () => {
      live = false;
    };
  }, [sourceLines, file, line, column]);

  if (lines === 'loading') return <p className="source-view muted">{words.t('source.reading', { file })}</p>;
  if (lines === null) {
    return (
      <p className="source-view muted" data-testid="source-lines">
        {words.t('source.notAtHand', { file, line })}
      </p>
    );
  }
  const width = String(lines.first + lines.lines.length - 1).length;
  return (
    <pre
      className="source-view"
      data-testid="source-lines"
      aria-label={words.t('source.label', { file, first: lines.first, last: lines.first + lines.lines.length - 1 })}
    >
      {lines.lines.map((text, k) => {
        const n = lines.first + k;
        const at = n === line;
        const offset = lines.offsets[k] ?? 0;
        return (
          <span key={n} className={at ? 'source-line source-at' : 'source-line'} data-line={n}>
            <span className="source-number">{String(n).padStart(width)}</span> {offset > 0 ? '…' : ''}
            {text}
            {at && column > 0 && (
              <span className="source-caret" aria-hidden="true">
                {'\n'}
                {' '.repeat(width + 1 + (offset > 0 ? 1 : 0) + Math.max(0, column - 1 - offset))}^
              </span>
            )}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}

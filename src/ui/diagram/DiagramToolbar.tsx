import { useId, useState } from 'react';
import { appStore, useAppStore } from '../../store/app-store';
import { TOP_DOWN_UP_TO, type DiagramLayoutKind } from '../../store/diagram-slice';
import { saveBlob } from '../export/download';
import {
  csvFile,
  markdownFile,
  pdfFile,
  pngFile,
  svgFile,
  wholeBoard,
  type BoardFile,
  type WholeBoard,
} from './board-export';
import type { PdfPages } from './pdf';
import { RedirectMapButton } from './RedirectMapButton';

const PDF_PAGES: [PdfPages, string][] = [
  ['one', 'One page'],
  ['a4', 'A4 tiles'],
  ['letter', 'Letter tiles'],
];

/** The board's layout as chosen, or by the site's size. */
export function useBoardLayout(): DiagramLayoutKind {
  const chosen = useAppStore((s) => s.diagramLayout);
  const urls = useAppStore((s) => s.summary?.urlCount ?? 0);
  return chosen ?? (urls <= TOP_DOWN_UP_TO ? 'top-down' : 'left-right');
}

/**
 * The board's toolbar: its layout, zoom, and the whole board out (SVG, PNG,
 * PDF, the plan as CSV, the outline as Markdown), then the redirect map.
 */
export function DiagramToolbar({
  onZoomIn,
  onZoomOut,
  onFit,
}: {
  onZoomIn: () => void;
  onZoomOut: () => void;
  onFit: () => void;
}) {
  const layout = useBoardLayout();
  const setLayout = useAppStore((s) => s.setDiagramLayout);
  const fetchBoard = useAppStore((s) => s.diagramBoard);
  const reportFailure = useAppStore((s) => s.reportFailure);
  const [pages, setPages] = useState<PdfPages>('one');
  const [working, setWorking] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const layoutId = useId();
  const pagesId = useId();

  const download = async (what: string, make: (b: WholeBoard) => BoardFile | Promise<BoardFile>) => {
    const summary = appStore.getState().summary;
    if (!summary || working) return;
    setWorking(what);
    setNote(null);
    try {
      const board = await wholeBoard(fetchBoard, summary, layout);
      if (!board) return;
      const file = await make(board);
      saveBlob(file.blob, file.fileName);
      setNote(file.note ?? `${file.fileName}: ${board.layout.boxes.length.toLocaleString('en-US')} boxes.`);
    } catch (err) {
      reportFailure(`Drawing the ${what}`, err, null);
    } finally {
      setWorking(null);
    }
  };

  return (
    <div className="dg-toolbar">
      <div className="dg-group">
        <label htmlFor={layoutId}>Layout</label>
        <select id={layoutId} value={layout} onChange={(e) => setLayout(e.target.value as DiagramLayoutKind)}>
          <option value="top-down">Top down</option>
          <option value="left-right">Left to right</option>
        </select>
      </div>
      <div className="dg-group" role="group" aria-label="Zoom">
        <button type="button" className="button" onClick={onZoomIn} aria-label="Zoom in" title="Zoom in (+)">
          +
        </button>
        <button type="button" className="button" onClick={onZoomOut} aria-label="Zoom out" title="Zoom out (−)">
          −
        </button>
        <button type="button" className="button" onClick={onFit} title="Fit to window, every title readable (0)">
          Fit
        </button>
      </div>
      <div className="dg-group" role="group" aria-label="Download the whole board" aria-busy={working !== null}>
        <span aria-hidden="true">Download</span>
        <button
          type="button"
          className="button"
          onClick={() => void download('SVG', svgFile)}
          aria-label="Download SVG"
        >
          SVG
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void download('PNG', pngFile)}
          aria-label="Download PNG"
        >
          PNG
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void download('PDF', (b) => pdfFile(b, pages))}
          aria-label="Download PDF"
        >
          PDF
        </button>
        <label htmlFor={pagesId} className="visually-hidden">
          PDF pages
        </label>
        <select id={pagesId} value={pages} onChange={(e) => setPages(e.target.value as PdfPages)}>
          {PDF_PAGES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button"
          aria-label="Download the plan (CSV)"
          onClick={() => void download('plan', csvFile)}
        >
          Plan CSV
        </button>
        <button
          type="button"
          className="button"
          aria-label="Download the outline (Markdown)"
          onClick={() => void download('outline', markdownFile)}
        >
          Outline
        </button>
      </div>
      <RedirectMapButton />
      <p className="muted dg-note" role="status">
        {working ? `Drawing the ${working}…` : note}
      </p>
    </div>
  );
}

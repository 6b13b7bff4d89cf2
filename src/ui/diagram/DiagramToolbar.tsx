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
import { COLORS, STATUS_FILLS } from './box-scene';

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

  // Each file: its word on the button, the name the button reads out, what is being drawn, and how.
  const files: [string, string, string, (b: WholeBoard) => BoardFile | Promise<BoardFile>][] = [
    ['SVG', 'Download SVG', 'SVG', svgFile],
    ['PNG', 'Download PNG', 'PNG', pngFile],
    ['PDF', 'Download PDF', 'PDF', (b) => pdfFile(b, pages)],
    ['Plan CSV', 'Download plan CSV', 'plan', csvFile],
    ['Outline', 'Download outline (Markdown)', 'outline', markdownFile],
  ];
  const button = ([text, name, what, make]: (typeof files)[number]) => (
    <button key={name} type="button" className="button" aria-label={name} onClick={() => void download(what, make)}>
      {text}
    </button>
  );

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
        {files.slice(0, 3).map(button)}
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
        {files.slice(3).map(button)}
      </div>
      <RedirectMapButton />
      <Legend />
      <p className="muted dg-note" role="status">
        {working ? `Drawing the ${working}…` : note}
      </p>
    </div>
  );
}

/** What a box's border and fill say. */
function Legend() {
  const items: [string, { border: string; fill: string; dashed?: boolean }][] = [
    ['errors', { border: COLORS.error, fill: '#ffffff' }],
    ['warnings', { border: COLORS.warning, fill: '#ffffff' }],
    ['planned', { border: COLORS.ok, fill: STATUS_FILLS.planned as string, dashed: true }],
    ['to remove', { border: COLORS.ok, fill: STATUS_FILLS['to-remove'] as string }],
    ['to redirect', { border: COLORS.ok, fill: STATUS_FILLS['to-redirect'] as string }],
  ];
  return (
    <ul className="dg-legend" aria-label="Legend">
      {items.map(([label, { border, fill, dashed }]) => (
        <li key={label}>
          <span
            className="dg-swatch"
            style={{ borderColor: border, background: fill, borderStyle: dashed ? 'dashed' : 'solid' }}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}

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
import { useWords } from '../i18n/words';
import { msg, type MessageId } from '../../i18n/translator';

const PDF_PAGES: [PdfPages, MessageId][] = [
  ['one', 'diagram.pages.one'],
  ['a4', 'diagram.pages.a4'],
  ['letter', 'diagram.pages.letter'],
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
  const words = useWords();

  const download = async (what: string, make: (b: WholeBoard) => BoardFile | Promise<BoardFile>) => {
    const summary = appStore.getState().summary;
    if (!summary || working) return;
    setWorking(what);
    setNote(null);
    try {
      const board = await wholeBoard(fetchBoard, summary, layout, words);
      if (!board) return;
      const file = await make(board);
      saveBlob(file.blob, file.fileName);
      setNote(file.note ?? words.t('diagram.boxes', { name: file.fileName, count: board.layout.boxes.length }));
    } catch (err) {
      reportFailure(msg('diagram.drawing', { what }), err, null);
    } finally {
      setWorking(null);
    }
  };

  // Each file: its word on the button, the name the button reads out, what is being drawn, and how.
  const files: [string, string, string, (b: WholeBoard) => BoardFile | Promise<BoardFile>][] = [
    ['SVG', words.t('diagram.downloadFile', { file: 'SVG' }), 'SVG', svgFile],
    ['PNG', words.t('diagram.downloadFile', { file: 'PNG' }), 'PNG', pngFile],
    ['PDF', words.t('diagram.downloadFile', { file: 'PDF' }), 'PDF', (b) => pdfFile(b, pages)],
    [words.t('diagram.planCsv'), words.t('diagram.downloadPlanCsv'), words.t('diagram.plan'), csvFile],
    [words.t('diagram.outline'), words.t('diagram.downloadOutline'), words.t('diagram.outlineWhat'), markdownFile],
  ];
  const button = ([text, name, what, make]: (typeof files)[number]) => (
    <button key={name} type="button" className="button" aria-label={name} onClick={() => void download(what, make)}>
      {text}
    </button>
  );

  return (
    <div className="dg-toolbar">
      <div className="dg-group">
        <label htmlFor={layoutId}>{words.t('layout.label')}</label>
        <select id={layoutId} value={layout} onChange={(e) => setLayout(e.target.value as DiagramLayoutKind)}>
          <option value="top-down">{words.t('diagram.topDown')}</option>
          <option value="left-right">{words.t('diagram.leftRight')}</option>
        </select>
      </div>
      <div className="dg-group" role="group" aria-label={words.t('diagram.zoom')}>
        <button
          type="button"
          className="button"
          onClick={onZoomIn}
          aria-label={words.t('diagram.zoomIn')}
          title={words.t('diagram.zoomInTitle')}
        >
          +
        </button>
        <button
          type="button"
          className="button"
          onClick={onZoomOut}
          aria-label={words.t('diagram.zoomOut')}
          title={words.t('diagram.zoomOutTitle')}
        >
          −
        </button>
        <button type="button" className="button" onClick={onFit} title={words.t('diagram.fitTitle')}>
          {words.t('diagram.fit')}
        </button>
      </div>
      <div className="dg-group" role="group" aria-label={words.t('diagram.downloadBoard')} aria-busy={working !== null}>
        <span aria-hidden="true">{words.t('export.download')}</span>
        {files.slice(0, 3).map(button)}
        <label htmlFor={pagesId} className="visually-hidden">
          {words.t('diagram.pdfPages')}
        </label>
        <select id={pagesId} value={pages} onChange={(e) => setPages(e.target.value as PdfPages)}>
          {PDF_PAGES.map(([value, label]) => (
            <option key={value} value={value}>
              {words.t(label)}
            </option>
          ))}
        </select>
        {files.slice(3).map(button)}
      </div>
      <RedirectMapButton />
      <Legend />
      <p className="muted dg-note" role="status">
        {working ? words.t('diagram.drawingNow', { what: working }) : note}
      </p>
    </div>
  );
}

/** What a box's border and fill say. */
function Legend() {
  const words = useWords();
  const items: [MessageId, { border: string; fill: string; dashed?: boolean }][] = [
    ['diagram.legend.errors', { border: COLORS.error, fill: '#ffffff' }],
    ['diagram.legend.warnings', { border: COLORS.warning, fill: '#ffffff' }],
    ['plan.status.planned', { border: COLORS.ok, fill: STATUS_FILLS.planned as string, dashed: true }],
    ['plan.status.toRemove', { border: COLORS.ok, fill: STATUS_FILLS['to-remove'] as string }],
    ['plan.status.toRedirect', { border: COLORS.ok, fill: STATUS_FILLS['to-redirect'] as string }],
  ];
  return (
    <ul className="dg-legend" aria-label={words.t('diagram.legend')}>
      {items.map(([label, { border, fill, dashed }]) => (
        <li key={label}>
          <span
            className="dg-swatch"
            style={{ borderColor: border, background: fill, borderStyle: dashed ? 'dashed' : 'solid' }}
          />
          {words.t(label)}
        </li>
      ))}
    </ul>
  );
}

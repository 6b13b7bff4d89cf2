/*
 * The whole board out, whatever is open on the screen: the worker counts
 * every level down to the depth that fits 2,000 boxes (BoardLevels), the
 * page lays it out and writes it as SVG, PNG, PDF (pdf.ts, loaded when
 * asked), the plan as CSV and the outline as Markdown.
 */
import { planCsv, planLines, planMarkdown } from '../../core/view/board-outline';
import { BOARD_BOXES } from '../../core/view/diagram-board';
import { diagramTree, type DiagramNode } from '../../core/view/diagram-levels';
import type { SetSummary } from '../../worker/protocol';
import type { DiagramBoard } from '../../worker/diagram-protocol';
import type { Translator } from '../../i18n/translator';
import { layoutDiagram, type DiagramLayout, type Orientation } from './layout';
import type { PdfPages } from './pdf';
import { pngOf } from './png';
import { boardSvg } from './svg-text';
import { boxTitle } from './box-scene';

/** Downloads are laid out for a landscape sheet (A4 and Letter are about √2 wide). */
const EXPORT_ASPECT = Math.SQRT2;

export interface WholeBoard {
  tree: DiagramNode;
  layout: DiagramLayout;
  title: string;
  date: string;
  /** The language its words are written in. */
  words: Translator;
}

/** The whole board, laid out with its header, or null when there is nothing to draw. */
export async function wholeBoard(
  fetchBoard: (budget: number) => Promise<DiagramBoard | null>,
  summary: SetSummary,
  orientation: Orientation,
  words: Translator,
  now = new Date(),
): Promise<WholeBoard | null> {
  const board = await fetchBoard(BOARD_BOXES);
  if (!board) return null;
  const tree = diagramTree(board.levels, new Set(board.levels.keys()));
  if (!tree) return null;
  const layout = layoutDiagram(tree, { orientation, aspect: EXPORT_ASPECT, header: true });
  const title = words.t('pdf.title', { name: boxTitle(tree, words) });
  const parts = [
    now.toISOString().slice(0, 10),
    words.t('box.urls', { count: summary.urlCount }),
    words.t('box.errors', { count: summary.counts.error }),
    words.t('box.warnings', { count: summary.counts.warning }),
  ];
  if (board.cut) parts.push(words.t('board.cut', { count: BOARD_BOXES }));
  return { tree, layout, title, date: parts.join(' · '), words };
}

export interface BoardFile {
  blob: Blob;
  fileName: string;
  /** What to tell the user beside the download, if anything. */
  note?: string;
}

export function svgFile(b: WholeBoard): BoardFile {
  const svg = boardSvg(b.layout, b.title, b.date, b.words);
  return { blob: new Blob([svg.text], { type: 'image/svg+xml' }), fileName: 'site-diagram.svg' };
}

export async function pngFile(b: WholeBoard): Promise<BoardFile> {
  return { blob: await pngOf(boardSvg(b.layout, b.title, b.date, b.words)), fileName: 'site-diagram.png' };
}

export async function pdfFile(b: WholeBoard, pages: PdfPages): Promise<BoardFile> {
  const { boardPdf } = await import('./pdf');
  const pdf = await boardPdf(b.layout, b.title, b.date, pages, b.words);
  return {
    blob: pdf.blob,
    fileName: 'site-diagram.pdf',
    note: pdf.raster ? b.words.t('pdf.raster') : undefined,
  };
}

export function csvFile(b: WholeBoard): BoardFile {
  return {
    blob: new Blob([planCsv(planLines(b.tree))], { type: 'text/csv;charset=utf-8' }),
    fileName: 'site-plan.csv',
  };
}

export function markdownFile(b: WholeBoard): BoardFile {
  return {
    blob: new Blob([planMarkdown(planLines(b.tree), `${b.title} (${b.date})`)], {
      type: 'text/markdown;charset=utf-8',
    }),
    fileName: 'site-plan.md',
  };
}

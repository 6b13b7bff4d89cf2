/*
 * The board as a PDF, by jsPDF (loaded only when a PDF is asked for: the
 * first paint does not pay for its 126 KB gzipped). It draws the parts every
 * box draws (box-scene.ts) as vectors with the PDF's built-in Helvetica; a
 * board whose words that font cannot write (its code page is Latin:
 * Japanese titles, ␁…) is drawn as a picture instead, so nothing comes out
 * garbled. One page the size of the board, or tiles of A4 or Letter,
 * landscape, each saying where it lies in the grid.
 *
 * svg2pdf.js (jsPDF's SVG reader) drew the same board from its SVG, but
 * took 8–10 s for 2,000 boxes in Chromium; drawing the parts takes a
 * fraction of that.
 */
import type { jsPDF as JsPdf } from 'jspdf';
import { boxScene, COLORS, headerParts, type Part } from './box-scene';
import { BOX_H, BOX_W, type DiagramLayout } from './layout';
import { pngOf } from './png';
import { boardSvg, type View } from './svg-text';
import type { Translator } from '../../i18n/translator';

export type PdfPages = 'one' | 'a4' | 'letter';

/** A4 and Letter, landscape, in points. */
const SHEETS = { a4: [841.89, 595.28], letter: [792, 612] } as const;
const MARGIN_PT = 24;
const FOOTER_PT = 16;
/** Points a diagram unit (a CSS pixel) on tiles: the titles print at about 7.5 pt. */
const TILE_SCALE = 0.45;
/** The largest page side a PDF reader takes (200 inches). */
const MAX_PAGE_PT = 14_400;

/** The characters Helvetica's code page (WinAnsi) holds beyond Latin-1. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Whether every character of a text can be written in the PDF's built-in fonts. */
export function winAnsi(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff)) continue;
    if (!WIN_ANSI_EXTRA.includes(ch)) return false;
  }
  return true;
}

export interface PdfFile {
  blob: Blob;
  pages: number;
  /** Drawn as a picture (some words are beyond the built-in fonts). */
  raster: boolean;
}

/** Every text a board draws, with its title and date. */
function wordsOf(scenes: readonly Part[][], title: string, date: string): string {
  const out = [title, date];
  for (const parts of scenes) for (const p of parts) if (p.t === 'text') for (const r of p.runs) out.push(r.text);
  return out.join('');
}

/** The board as a PDF: one page, or tiles of a sheet size. */
export async function boardPdf(
  layout: DiagramLayout,
  title: string,
  date: string,
  pages: PdfPages,
  words: Translator,
): Promise<PdfFile> {
  const { jsPDF } = await import('jspdf');
  const scenes = layout.boxes.map((b) => boxScene(b.node, 'full', words).parts);
  const raster = !winAnsi(wordsOf(scenes, title, date));
  const board: Board = { layout, scenes, title, date, words };
  const W = layout.width;
  const H = layout.height;

  if (pages === 'one') {
    // A CSS pixel is 0.75 pt; a board beyond 200 inches is drawn smaller.
    const s = Math.min(0.75, MAX_PAGE_PT / W, MAX_PAGE_PT / H);
    const doc = new jsPDF({
      unit: 'pt',
      format: [W * s, H * s],
      orientation: W >= H ? 'landscape' : 'portrait',
      compress: true,
    });
    await drawView(doc, board, { x: 0, y: 0, w: W, h: H }, 0, 0, s, raster);
    doc.setProperties({ title, creator: 'Sitemap Editor' });
    return { blob: doc.output('blob'), pages: 1, raster };
  }

  const [pw, ph] = SHEETS[pages];
  const cw = pw - 2 * MARGIN_PT;
  const ch = ph - 2 * MARGIN_PT - FOOTER_PT;
  // The whole board on one sheet when it reads there; else tiles at a size that reads.
  const s = Math.max(Math.min(cw / W, ch / H), TILE_SCALE);
  const cols = Math.max(1, Math.ceil((W * s) / cw - 1e-9));
  const rows = Math.max(1, Math.ceil((H * s) / ch - 1e-9));
  const doc = new jsPDF({ unit: 'pt', format: pages, orientation: 'landscape', compress: true });
  const count = cols * rows;
  let n = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (n > 0) doc.addPage(pages, 'landscape');
      n++;
      const x = (c * cw) / s;
      const y = (r * ch) / s;
      const view: View = { x, y, w: Math.min(cw / s, W - x), h: Math.min(ch / s, H - y) };
      await drawView(doc, board, view, MARGIN_PT, MARGIN_PT, s, raster);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(8);
      doc.setTextColor(COLORS.muted);
      const where = count > 1 ? ` - ${words.t('pdf.page', { n, count, row: r + 1, column: c + 1 })}` : '';
      // A raster PDF's footer is written in the PDF's built-in font, which cannot write every title.
      const footer = `${raster ? words.t('pdf.siteDiagram') : title}${where}`;
      doc.text(winAnsi(footer) ? footer : 'Site diagram', MARGIN_PT, ph - MARGIN_PT + 4);
    }
  }
  doc.setProperties({ title, creator: 'Sitemap Editor' });
  return { blob: doc.output('blob'), pages: count, raster };
}

/** The board to draw: its layout and each box's parts (made once for every page). */
interface Board {
  layout: DiagramLayout;
  scenes: Part[][];
  title: string;
  date: string;
  words: Translator;
}

/** One view of the board at (x0, y0) on the page, `s` points a unit: as vectors, or as a picture. */
async function drawView(
  doc: JsPdf,
  { layout, scenes, title, date, words }: Board,
  view: View,
  x0: number,
  y0: number,
  s: number,
  raster: boolean,
): Promise<void> {
  if (raster) {
    const png = await pngOf(boardSvg(layout, title, date, words, { view }), 2);
    doc.addImage(new Uint8Array(await png.arrayBuffer()), 'PNG', x0, y0, view.w * s, view.h * s);
    return;
  }
  const X = (u: number) => x0 + (u - view.x) * s;
  const Y = (u: number) => y0 + (u - view.y) * s;
  doc.saveGraphicsState();
  doc.rect(x0, y0, view.w * s, view.h * s, null);
  doc.clip();
  doc.discardPath();
  for (const p of headerParts(title, date, words)) drawPart(doc, p, X, Y, s, 0, 0);
  doc.setDrawColor(COLORS.line);
  doc.setLineWidth(1.5 * s);
  doc.setLineDashPattern([], 0);
  const near = (bx: number, by: number, bw: number, bh: number) =>
    bx < view.x + view.w && view.x < bx + bw && by < view.y + view.h && view.y < by + bh;
  const byKey = new Map(layout.boxes.map((b) => [b.node.key, b]));
  for (const l of layout.links) {
    const b = byKey.get(l.key);
    if (b && !near(b.blockX, b.blockY, b.blockW, b.blockH)) continue;
    for (const m of l.d.matchAll(/M([\d.-]+),([\d.-]+)L([\d.-]+),([\d.-]+)/g))
      doc.line(X(Number(m[1])), Y(Number(m[2])), X(Number(m[3])), Y(Number(m[4])));
  }
  layout.boxes.forEach((b, k) => {
    // A box's shadow card reaches a few units past it.
    if (near(b.x, b.y, BOX_W + 6, BOX_H + 6)) for (const p of scenes[k] as Part[]) drawPart(doc, p, X, Y, s, b.x, b.y);
  });
  doc.restoreGraphicsState();
}

/** One part, moved by (dx, dy) in diagram units, with X and Y placing a unit on the page. */
function drawPart(
  doc: JsPdf,
  p: Part,
  X: (u: number) => number,
  Y: (u: number) => number,
  s: number,
  dx: number,
  dy: number,
) {
  if (p.t === 'rect') {
    doc.setFillColor(p.fill);
    if (p.stroke) {
      doc.setDrawColor(p.stroke);
      doc.setLineWidth((p.sw ?? 1) * s);
      doc.setLineDashPattern(p.dash ? p.dash.split(' ').map((v) => Number(v) * s) : [], 0);
    }
    const r = (p.rx ?? 0) * s;
    doc.roundedRect(X(p.x + dx), Y(p.y + dy), p.w * s, p.h * s, r, r, p.stroke ? 'FD' : 'F');
    doc.setLineDashPattern([], 0);
    return;
  }
  if (p.t === 'circle') {
    doc.setFillColor(p.fill);
    doc.circle(X(p.cx + dx), Y(p.cy + dy), p.r * s, 'F');
    return;
  }
  doc.setFont('helvetica', p.bold ? 'bold' : 'normal');
  doc.setFontSize(p.size * s);
  let x = X(p.x + dx);
  const y = Y(p.y + dy);
  for (const run of p.runs) {
    doc.setTextColor(run.fill);
    doc.text(run.text, x, y);
    const w = doc.getTextWidth(run.text);
    if (p.strike) {
      doc.setDrawColor(run.fill);
      doc.setLineWidth(1 * s);
      doc.line(x, y - p.size * s * 0.3, x + w, y - p.size * s * 0.3);
    }
    x += w;
  }
}

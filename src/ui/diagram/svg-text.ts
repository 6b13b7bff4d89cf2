/*
 * The whole board as a standalone SVG file: the parts every box draws
 * (box-scene.ts) written as text, with the title, the date and the legend
 * above. Every text and attribute goes through the writers' escaping
 * (core/write/escape.ts): characters XML 1.0 cannot hold are never written,
 * so the file is well-formed whatever a loc or a title holds.
 */
import { escapeAttr, escapeText } from '../../core/write/escape';
import { boxScene, boxTitle, COLORS, FONT_FAMILY, headerParts, type Part } from './box-scene';
import { BOX_H, BOX_W, type DiagramLayout } from './layout';
import type { Translator } from '../../i18n/translator';
import { readableUrl } from '../../core/view/readable-url';

function attrs(pairs: [string, string | number | undefined][]): string {
  let out = '';
  for (const [k, v] of pairs) if (v !== undefined) out += ` ${k}="${escapeAttr(String(v))}"`;
  return out;
}

/** One part as SVG text, moved by (dx, dy). */
function partText(p: Part, dx: number, dy: number): string {
  if (p.t === 'rect')
    return `<rect${attrs([
      ['x', p.x + dx],
      ['y', p.y + dy],
      ['width', p.w],
      ['height', p.h],
      ['rx', p.rx],
      ['fill', p.fill],
      ['stroke', p.stroke],
      ['stroke-width', p.sw],
      ['stroke-dasharray', p.dash],
    ])}/>`;
  if (p.t === 'circle')
    return `<circle${attrs([
      ['cx', p.cx + dx],
      ['cy', p.cy + dy],
      ['r', p.r],
      ['fill', p.fill],
    ])}/>`;
  const runs = p.runs.map((r) => `<tspan fill="${escapeAttr(r.fill)}">${escapeText(r.text)}</tspan>`).join('');
  return `<text${attrs([
    ['x', p.x + dx],
    ['y', p.y + dy],
    ['font-size', p.size],
    ['font-weight', p.bold ? 'bold' : undefined],
    ['text-decoration', p.strike ? 'line-through' : undefined],
    ['class', p.title ? 'dg-title' : undefined],
  ])}>${runs}</text>`;
}

export interface SvgFile {
  text: string;
  width: number;
  height: number;
  /** Boxes drawn (a test counts them; the PDF says how many). */
  boxes: number;
}

/** A rectangle of the drawing, in its units. */
export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SvgOptions {
  /** Only this part of the drawing (a page of a tiled PDF): the boxes and lines that reach into it. */
  view?: View;
  /** The font family written (the PDF's fonts are named plainly). */
  fontFamily?: string;
}

function meets(a: View, x: number, y: number, w: number, h: number): boolean {
  return x < a.x + a.w && a.x < x + w && y < a.y + a.h && a.y < y + h;
}

/**
 * The board laid out with room for its header (see layoutDiagram's
 * `header`), at full detail, as an SVG document. Each box is a `<g>` with
 * its name as `data-name` and its whole title and URL as a `<title>` (a
 * viewer shows it on hover; the box may draw the title cut short).
 */
export function boardSvg(
  layout: DiagramLayout,
  title: string,
  date: string,
  words: Translator,
  opts: SvgOptions = {},
): SvgFile {
  const view = opts.view ?? { x: 0, y: 0, w: layout.width, h: layout.height };
  const { w: width, h: height } = view;
  const boxes = opts.view ? layout.boxes.filter((b) => meets(view, b.x, b.y, BOX_W + 6, BOX_H + 6)) : layout.boxes;
  const blocks = new Map(layout.boxes.map((b) => [b.node.key, b]));
  const links = opts.view
    ? layout.links.filter((l) => {
        const b = blocks.get(l.key);
        return b !== undefined && meets(view, b.blockX, b.blockY, b.blockW, b.blockH);
      })
    : layout.links;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<svg xmlns="http://www.w3.org/2000/svg"${attrs([
      ['width', width],
      ['height', height],
      ['viewBox', `${view.x} ${view.y} ${width} ${height}`],
      ['font-family', opts.fontFamily ?? FONT_FAMILY],
    ])}>`,
    `<rect x="0" y="0" width="${layout.width}" height="${layout.height}" fill="#ffffff"/>`,
    '<g class="dg-header">',
    ...headerParts(title, date, words).map((p) => partText(p, 0, 0)),
    '</g>',
    `<g fill="none" stroke="${COLORS.line}" stroke-width="1.5">`,
    ...links.map((l) => `<path d="${escapeAttr(l.d)}"/>`),
    '</g>',
  ];
  for (const box of boxes) {
    const scene = boxScene(box.node, 'full', words);
    const url = box.node.kind === 'branch' ? (box.node.node.box?.loc ?? box.node.key) : '';
    out.push(`<g class="dg-box"${attrs([['data-name', scene.name]])}>`);
    if (url) out.push(`<title>${escapeText(`${boxTitle(box.node, words)} — ${readableUrl(url)}`)}</title>`);
    for (const p of scene.parts) out.push(partText(p, box.x, box.y));
    out.push('</g>');
  }
  out.push('</svg>\n');
  return { text: out.join(''), width, height, boxes: boxes.length };
}

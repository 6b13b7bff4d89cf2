/*
 * What a box of the board draws, as data: rectangles, lines and texts. The
 * screen (DiagramSvg, React) and the files (svg-text.ts for SVG and PNG,
 * the PDF from that SVG) draw the same parts, so a box looks the same
 * everywhere. Colours and fonts are attributes, not CSS classes, so that the
 * SVG downloaded looks the same on its own.
 */
import { coverageWords } from '../structure/coverage-words';
import type { DiagramNode } from '../../core/view/diagram-levels';
import { boxLabel } from '../../core/view/diagram-pages';
import type { MessageId, Translator } from '../../i18n/translator';
import { BOX_H, BOX_W } from './layout';
import { fitText, textWidth, wrapText } from './text-fit';

export const COLORS = {
  error: '#b42318',
  warning: '#9a5b00',
  ok: '#98a2b3',
  accent: '#1d4ed8',
  text: '#1b1f24',
  muted: '#5b6470',
  line: '#b8c0cc',
};

/** Fills by status: planned pages are pale blue (and dashed), pages to remove pale red, to redirect pale amber. */
export const STATUS_FILLS: Record<string, string> = {
  '': '#ffffff',
  planned: '#eef4ff',
  'to-remove': '#fdecec',
  'to-redirect': '#fff4e0',
};
const CUSTOM_FILL = '#f3f0ff';

/** A box's words from the most to the least important: as the zoom grows, more of them are drawn. */
export type Detail = 'none' | 'title' | 'full';

/** Font sizes (diagram units): the title, a section's count, and the detail lines. */
export const FONT = { title: 17, count: 16, line: 12, small: 11 } as const;
export const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export type Part =
  | {
      t: 'rect';
      x: number;
      y: number;
      w: number;
      h: number;
      rx?: number;
      fill: string;
      stroke?: string;
      sw?: number;
      dash?: string;
    }
  | { t: 'circle'; cx: number; cy: number; r: number; fill: string }
  | { t: 'text'; x: number; y: number; size: number; bold?: boolean; title?: boolean; strike?: boolean; runs: Run[] };

/** A run of a text in one colour. */
interface Run {
  text: string;
  fill: string;
}

export interface BoxScene {
  /** The accessible name: every word the box can show, in the order it draws them. */
  name: string;
  parts: Part[];
  /** Its status's fill, problem colour and whether it is a section (a branch drawn closed). */
  stroke: string;
  section: boolean;
}

/**
 * Characters a file cannot hold or a reader would not see (C0 controls,
 * U+FFFE, U+FFFF, lone surrogates) shown as their control pictures or U+FFFD:
 * a loc holding U+0001 draws ␁, and the SVG stays well-formed.
 */
export function shownText(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let shown: string | null = null;
    if (c < 0x20) shown = String.fromCharCode(0x2400 + c);
    else if (c === 0x7f) shown = '\u2421';
    else if (c === 0xfffe || c === 0xffff) shown = '\ufffd';
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else shown = '\ufffd';
    } else if (c >= 0xdc00 && c <= 0xdfff) shown = '\ufffd';
    if (shown === null) continue;
    out += s.slice(from, i) + shown;
    from = i + 1;
  }
  return from === 0 ? s : out + s.slice(from);
}

interface Counts {
  urls: number;
  errors: number;
  warnings: number;
  newest: string;
}

function countsOf(n: DiagramNode): Counts | null {
  if (n.kind === 'branch')
    return { urls: n.node.urls, errors: n.node.errors, warnings: n.node.warnings, newest: n.node.newestLastmod };
  if (n.kind === 'root') return { urls: n.urls, errors: n.errors, warnings: n.warnings, newest: '' };
  return null;
}

/** The colour of a box's border: red with errors, amber with warnings, grey otherwise. */
function problemColor(n: DiagramNode): string {
  const c = countsOf(n);
  return c && c.errors > 0 ? COLORS.error : c && c.warnings > 0 ? COLORS.warning : COLORS.ok;
}

/** The built-in statuses' names; a status of the user's own is shown as typed. */
const STATUS_WORDS: Record<string, MessageId> = {
  '': 'plan.statusLabel.live',
  planned: 'plan.statusLabel.planned',
  'to-remove': 'plan.statusLabel.toRemove',
  'to-redirect': 'plan.statusLabel.toRedirect',
};

/** A status as the page names it: "Planned", or the user's own word. */
export function statusWords(status: string, words: Translator): string {
  const id = STATUS_WORDS[status];
  return id ? words.t(id) : status;
}

/** What a box is called on the board: its page's title, its decoded segment, "N hosts", "N more branches". */
export function boxTitle(n: DiagramNode, words: Translator): string {
  if (n.kind === 'branch') return shownText(boxLabel(n.node));
  if (n.kind === 'root') return words.t('box.hosts', { count: n.hosts });
  return words.t('box.more', { count: n.omitted });
}

const SEP = ' • ';
const PAD = 14;
const TEXT_W = BOX_W - PAD - 10;

/**
 * The box's parts at a level of detail: its frame (fill by status, border by
 * problems, a stripe of the user's colour, a shadow card when its branches
 * are closed), its title, then, zoomed in, its counts, problems, status,
 * owner, whether it has notes, and its newest lastmod.
 */
export function boxScene(n: DiagramNode, detail: Detail, words: Translator): BoxScene {
  const counts = countsOf(n);
  const plan = n.kind === 'branch' ? n.node.box?.plan : null;
  const status = plan?.status ?? '';
  const stroke = problemColor(n);
  const section = n.kind === 'more' || (n.kind === 'branch' && n.node.hasChildren && !n.expanded);
  const fill = n.kind === 'more' ? '#f6f7f9' : (STATUS_FILLS[status] ?? CUSTOM_FILL);
  const parts: Part[] = [];
  if (section)
    parts.push({ t: 'rect', x: 5, y: 5, w: BOX_W, h: BOX_H, rx: 8, fill: '#eef0f3', stroke: COLORS.line, sw: 1.5 });
  parts.push({
    t: 'rect',
    x: 0,
    y: 0,
    w: BOX_W,
    h: BOX_H,
    rx: 8,
    fill,
    stroke,
    sw: 2,
    dash: status === 'planned' || n.kind === 'more' ? '6 4' : undefined,
  });
  if (plan?.color) parts.push({ t: 'rect', x: 2, y: 8, w: 6, h: BOX_H - 16, rx: 3, fill: plan.color });

  const title = boxTitle(n, words);
  const urls = words.t('box.urls', { count: n.kind === 'more' ? n.omittedUrls : (counts?.urls ?? 0) });
  const problems: Run[] = [];
  if (counts && counts.errors > 0)
    problems.push({ text: words.t('box.errors', { count: counts.errors }), fill: COLORS.error });
  if (counts && counts.warnings > 0)
    problems.push({ text: words.t('box.warnings', { count: counts.warnings }), fill: COLORS.warning });
  if (counts && problems.length === 0) problems.push({ text: words.t('box.noProblems'), fill: COLORS.muted });
  const meta: string[] = [];
  if (status) meta.push(shownText(statusWords(status, words)));
  if (plan?.owner) meta.push(shownText(plan.owner));
  if (plan?.notes) meta.push(words.t('box.notes'));
  if (counts?.newest) meta.push(words.t('tree.newest', { date: counts.newest.slice(0, 10) }));
  // The crawl's coverage first: with a crawl export it is what the board is looked at for.
  const coverage = n.kind === 'branch' ? coverageWords(n.node, words) : '';
  if (coverage) meta.unshift(coverage);
  const name =
    n.kind === 'more'
      ? words.t('box.showMore', { count: n.omitted, urls })
      : [title, urls, ...problems.map((p) => p.text), ...meta].join(words.t('list.separator'));

  if (detail === 'none') return { name, parts, stroke, section };
  // A title on two lines when one is too short; the lines below move down, and merge into one.
  const lines = wrapText(title, FONT.title, TEXT_W, true, 2);
  const two = lines.length > 1;
  lines.forEach((text, k) =>
    parts.push({
      t: 'text',
      x: PAD,
      y: two ? 23 + k * 19 : 25,
      size: FONT.title,
      bold: true,
      title: k === 0,
      strike: status === 'to-remove',
      runs: [{ text, fill: COLORS.text }],
    }),
  );
  const counted: Run[] = [{ text: urls, fill: COLORS.text }, ...problems];
  const metaRuns: Run[] = meta.map((text) => ({ text, fill: COLORS.muted }));
  // The last line leaves room for the open/close button at the box's corner.
  const last = n.kind === 'branch' && n.node.hasChildren ? TEXT_W - 24 : TEXT_W;
  if (section) {
    // A section's count is read with its title, at the size of a title.
    parts.push({ t: 'text', x: PAD, y: two ? 62 : 47, size: FONT.count, runs: [{ text: urls, fill: COLORS.text }] });
    if (detail === 'full' && !two) line(parts, 65, FONT.small, [...problems, ...metaRuns], last);
  } else if (detail === 'full') {
    if (two) line(parts, 62, FONT.line, [...counted, ...metaRuns], last);
    else {
      line(parts, 46, FONT.line, counted, TEXT_W);
      line(parts, 64, FONT.small, metaRuns, last);
    }
  }
  return { name, parts, stroke, section };
}

/** A line of runs joined by bullets, cut to the box's width (the runs that do not fit are left out, the last shortened). */
function line(parts: Part[], y: number, size: number, runs: Run[], width: number): void {
  if (runs.length === 0) return;
  const out: Run[] = [];
  let room = width;
  for (const [k, run] of runs.entries()) {
    const text = (k > 0 ? SEP : '') + run.text;
    const fitted = fitText(text, size, room);
    if (fitted === '' || fitted === '…') break;
    out.push({ text: fitted, fill: run.fill });
    if (fitted !== text) break;
    room -= textWidth(text, size);
  }
  parts.push({ t: 'text', x: PAD, y, size, runs: out });
}

/** The picture's title, date and legend (downloads only: on screen the toolbar says as much). */
export function headerParts(title: string, date: string, words: Translator): Part[] {
  const legend: [string, string][] = [
    [COLORS.error, words.t('box.legend.errors')],
    [COLORS.warning, words.t('box.legend.warnings')],
    [COLORS.ok, words.t('box.noProblems')],
  ];
  const parts: Part[] = [
    { t: 'text', x: 20, y: 26, size: 18, bold: true, runs: [{ text: shownText(title), fill: COLORS.text }] },
    { t: 'text', x: 20, y: 45, size: 12, runs: [{ text: date, fill: COLORS.muted }] },
  ];
  legend.forEach(([color, text], k) => {
    const x = 20 + k * 180;
    parts.push({ t: 'rect', x, y: 54, w: 14, h: 14, rx: 3, fill: '#ffffff', stroke: color, sw: 2.5 });
    parts.push({ t: 'text', x: x + 20, y: 65, size: 12, runs: [{ text, fill: COLORS.muted }] });
  });
  const statuses: [string, string, string | undefined][] = [
    ['planned', words.t('plan.status.planned'), '6 4'],
    ['to-remove', words.t('plan.status.toRemove'), undefined],
    ['to-redirect', words.t('plan.status.toRedirect'), undefined],
  ];
  statuses.forEach(([status, text, dash], k) => {
    const x = 560 + k * 120;
    parts.push({
      t: 'rect',
      x,
      y: 54,
      w: 14,
      h: 14,
      rx: 3,
      fill: STATUS_FILLS[status] as string,
      stroke: COLORS.ok,
      sw: 2,
      dash,
    });
    parts.push({ t: 'text', x: x + 20, y: 65, size: 12, runs: [{ text, fill: COLORS.muted }] });
  });
  return parts;
}

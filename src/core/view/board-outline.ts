/*
 * The board's plan as files for people who do not open the editor: a CSV a
 * spreadsheet reads (one line a box, depth first) and an indented outline in
 * Markdown. Both are read from the tree the board draws (diagram-levels.ts),
 * so they hold the same boxes as the downloaded picture.
 */
import { statusLabel } from '../plan/plan-fields';
import { csvCell } from '../write/csv-cell';
import type { DiagramNode } from './diagram-levels';
import { boxLabel } from './diagram-pages';

/** One box of the board as a line of the plan. */
export interface PlanLine {
  depth: number;
  /** The page's URL, the branch's key when it has no page of its own; '' for "N more" and the root of several hosts. */
  url: string;
  title: string;
  /** As people read it: Live, Planned, To remove, To redirect, or the user's own. */
  status: string;
  notes: string;
  owner: string;
  color: string;
  urls: number;
  errors: number;
  warnings: number;
  newestLastmod: string;
  /** Whether the box stands for a page (a row), not only a path under which pages lie. */
  page: boolean;
}

/** The board's boxes depth first (a box, then its branches in order), walked with a stack, not by recursion. */
export function planLines(root: DiagramNode): PlanLine[] {
  const out: PlanLine[] = [];
  const stack: [DiagramNode, number][] = [[root, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [n, depth] = top;
    out.push(lineOf(n, depth));
    for (let k = n.children.length - 1; k >= 0; k--) stack.push([n.children[k] as DiagramNode, depth + 1]);
  }
  return out;
}

function lineOf(n: DiagramNode, depth: number): PlanLine {
  const base = { depth, notes: '', owner: '', color: '', newestLastmod: '', page: false };
  if (n.kind === 'more')
    return {
      ...base,
      url: '',
      title: `${n.omitted.toLocaleString('en-US')} more branches`,
      status: '',
      urls: n.omittedUrls,
      errors: 0,
      warnings: 0,
    };
  if (n.kind === 'root')
    return {
      ...base,
      url: '',
      title: `${n.hosts.toLocaleString('en-US')} hosts`,
      status: '',
      urls: n.urls,
      errors: n.errors,
      warnings: n.warnings,
    };
  const b = n.node;
  const plan = b.box?.plan;
  return {
    depth,
    url: b.box?.loc ?? b.key,
    title: boxLabel(b),
    status: b.box ? statusLabel(plan?.status ?? '') : '',
    notes: plan?.notes ?? '',
    owner: plan?.owner ?? '',
    color: plan?.color ?? '',
    urls: b.urls,
    errors: b.errors,
    warnings: b.warnings,
    newestLastmod: b.newestLastmod,
    page: b.box !== null,
  };
}

const CSV_HEADER = [
  'depth',
  'url',
  'title',
  'status',
  'notes',
  'owner',
  'colour',
  'urls',
  'errors',
  'warnings',
  'newest lastmod',
];

/** The plan as CSV (RFC 4180, CRLF; cells a spreadsheet would run as formulas guarded, see csvCell). */
export function planCsv(lines: readonly PlanLine[]): string {
  const rows = [CSV_HEADER.join(',')];
  for (const l of lines) {
    rows.push(
      [
        String(l.depth),
        l.url,
        l.title,
        l.status,
        l.notes,
        l.owner,
        l.color,
        String(l.urls),
        String(l.errors),
        String(l.warnings),
        l.newestLastmod,
      ]
        .map((v) => csvCell(v))
        .join(','),
    );
  }
  return rows.join('\r\n') + '\r\n';
}

/** Markdown's special characters in running text, escaped so a title cannot turn into a link or a heading. */
function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
}

/** The plan as an indented Markdown list: title (URL), status, counts, owner, then the notes on their own line. */
export function planMarkdown(lines: readonly PlanLine[], heading: string): string {
  const out = [`# ${md(heading)}`, ''];
  for (const l of lines) {
    const indent = '  '.repeat(l.depth);
    const facts = [`${l.urls.toLocaleString('en-US')} ${l.urls === 1 ? 'URL' : 'URLs'}`];
    if (l.errors > 0) facts.push(`${l.errors.toLocaleString('en-US')} with errors`);
    if (l.warnings > 0) facts.push(`${l.warnings.toLocaleString('en-US')} with warnings`);
    if (l.status && l.status !== 'Live') facts.unshift(`**${md(l.status)}**`);
    if (l.owner) facts.push(`owner: ${md(l.owner)}`);
    const link = l.url ? ` (<${l.url.replace(/[<>\s]/g, encodeURIComponent)}>)` : '';
    out.push(`${indent}- ${md(l.title)}${link} — ${facts.join(', ')}`);
    if (l.notes) out.push(`${indent}  > ${md(l.notes)}`);
  }
  return out.join('\n') + '\n';
}

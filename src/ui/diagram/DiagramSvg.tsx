import type { KeyboardEvent, PointerEvent, Ref } from 'react';
import type { DiagramNode } from '../../core/view/diagram-levels';
import { plural } from '../format';
import { BOX_H, BOX_W, type DiagramLayout, type PlacedBox } from './layout';

/*
 * The picture itself. Colours and fonts are attributes, not CSS classes, so
 * that the SVG downloaded (a copy of this element) looks the same on its own.
 */
export const COLORS = {
  error: '#b42318',
  warning: '#9a5b00',
  ok: '#98a2b3',
  accent: '#1d4ed8',
  text: '#1b1f24',
  muted: '#5b6470',
  line: '#b8c0cc',
};
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

export interface BoxHandlers {
  onPointerDown: (e: PointerEvent<SVGGElement>, box: PlacedBox) => void;
  onKeyDown: (e: KeyboardEvent<SVGGElement>, box: PlacedBox) => void;
  onToggle: (box: PlacedBox) => void;
}

interface Props extends BoxHandlers {
  layout: DiagramLayout;
  title: string;
  date: string;
  transform: ViewTransform;
  /** The table's branch ('' when none). */
  selected: string;
  /** The box a dragged box would land on. */
  dropTarget: string | null;
  dragging: string | null;
  svgRef: Ref<SVGSVGElement>;
  /** Printing: the whole picture by its viewBox, at the page's width. */
  printing?: boolean;
}

/** The words a box says, for its accessible name and its tooltip. */
export function describeBox(n: DiagramNode): string {
  if (n.kind === 'more')
    return `${plural(n.omitted, 'more branch', 'more branches')} (${plural(n.omittedUrls, 'URL')}): show more`;
  const name = n.kind === 'root' ? plural(n.hosts, 'host') : n.node.label;
  const counts = n.kind === 'root' ? n : n.node;
  const urls = n.kind === 'root' ? n.urls : n.node.urls;
  const parts = [name, plural(urls, 'URL')];
  if (counts.errors > 0) parts.push(`${plural(counts.errors, 'error')}`);
  if (counts.warnings > 0) parts.push(`${plural(counts.warnings, 'warning')}`);
  // As the box shows it: the name holds every word drawn.
  if (counts.errors === 0 && counts.warnings === 0) parts.push('no problems');
  if (n.kind === 'branch' && n.node.newestLastmod) parts.push(`newest ${n.node.newestLastmod.slice(0, 10)}`);
  return parts.join(', ');
}

function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The site as boxes and lines, with the title, the date and the legend above. */
export function DiagramSvg(props: Props) {
  const { layout, transform, svgRef } = props;
  return (
    <svg
      ref={svgRef}
      className="dg-svg"
      role="group"
      aria-label="Site diagram"
      xmlns="http://www.w3.org/2000/svg"
      fontFamily={FONT}
      data-width={layout.width}
      data-height={layout.height}
      viewBox={props.printing ? `0 0 ${layout.width} ${layout.height}` : undefined}
    >
      <g className="dg-content" transform={`translate(${transform.x},${transform.y}) scale(${transform.k})`}>
        <rect x={0} y={0} width={layout.width} height={layout.height} fill="#ffffff" />
        <Header title={props.title} date={props.date} />
        <g fill="none" stroke={COLORS.line} strokeWidth={1.5}>
          {layout.links.map((l) => (
            <path key={l.key} d={l.d} />
          ))}
        </g>
        {layout.boxes.map((box) => (
          <Box key={box.node.key} box={box} {...props} />
        ))}
      </g>
    </svg>
  );
}

function Header({ title, date }: { title: string; date: string }) {
  const legend: [string, string][] = [
    [COLORS.error, 'has URLs with errors'],
    [COLORS.warning, 'has URLs with warnings'],
    [COLORS.ok, 'no problems'],
  ];
  return (
    <g className="dg-header">
      <text x={20} y={26} fontSize={18} fontWeight={600} fill={COLORS.text}>
        {title}
      </text>
      <text x={20} y={45} fontSize={12} fill={COLORS.muted}>
        {date}
      </text>
      {legend.map(([color, text], k) => (
        <g key={text} transform={`translate(${20 + k * 180},54)`}>
          <rect x={0} y={0} width={14} height={14} rx={3} fill="#ffffff" stroke={color} strokeWidth={2.5} />
          <text x={20} y={11} fontSize={12} fill={COLORS.muted}>
            {text}
          </text>
        </g>
      ))}
    </g>
  );
}

function Box({ box, selected, dropTarget, dragging, onPointerDown, onKeyDown, onToggle }: { box: PlacedBox } & Props) {
  const n = box.node;
  const isSelected = n.kind !== 'more' && n.key === selected;
  const counts = n.kind === 'branch' ? n.node : n.kind === 'root' ? n : null;
  const color = counts && counts.errors > 0 ? COLORS.error : counts && counts.warnings > 0 ? COLORS.warning : COLORS.ok;
  const expandable = n.kind === 'branch' && n.node.hasChildren;
  const label = describeBox(n);
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={n.kind === 'more' ? undefined : isSelected}
      aria-expanded={expandable ? n.expanded : undefined}
      className={`dg-box${dragging === n.key ? ' dg-dragging' : ''}`}
      data-key={n.key}
      data-kind={n.kind}
      transform={`translate(${box.x},${box.y})`}
      onPointerDown={(e) => onPointerDown(e, box)}
      onKeyDown={(e) => onKeyDown(e, box)}
    >
      {/* No <title>: its text would count as the box's visible text, which its name must hold (axe: label-content-name-mismatch). */}
      <rect
        width={BOX_W}
        height={BOX_H}
        rx={8}
        fill={isSelected ? '#eff4ff' : n.kind === 'more' ? '#f6f7f9' : '#ffffff'}
        stroke={dropTarget === n.key ? COLORS.accent : color}
        strokeWidth={dropTarget === n.key || isSelected ? 3.5 : 2}
        strokeDasharray={n.kind === 'more' ? '5 4' : undefined}
      />
      {n.kind === 'more' ? (
        <>
          <text x={12} y={30} fontSize={14} fontWeight={600} fill={COLORS.text}>
            {plural(n.omitted, 'more branch', 'more branches')}
          </text>{' '}
          <text x={12} y={50} fontSize={12} fill={COLORS.muted}>
            {plural(n.omittedUrls, 'URL')}
          </text>
        </>
      ) : (
        <>
          <text x={12} y={22} fontSize={14} fontWeight={600} fill={COLORS.text}>
            {fit(n.kind === 'root' ? plural(n.hosts, 'host') : n.node.label, 24)}
          </text>
          {/* A space between the lines, not drawn, keeps their words apart in the box's text (axe reads it as one string). */}{' '}
          <text x={12} y={40} fontSize={12} fill={COLORS.text}>
            {plural(n.kind === 'root' ? n.urls : n.node.urls, 'URL')}
          </text>{' '}
          <text x={12} y={57} fontSize={12}>
            {counts && counts.errors > 0 && (
              <tspan fill={COLORS.error}>{`● ${plural(counts.errors, 'error')}  `}</tspan>
            )}
            {counts && counts.warnings > 0 && (
              <tspan fill={COLORS.warning}>{`▲ ${plural(counts.warnings, 'warning')}`}</tspan>
            )}
            {counts && counts.errors === 0 && counts.warnings === 0 && <tspan fill={COLORS.muted}>no problems</tspan>}
          </text>{' '}
          {n.kind === 'branch' && n.node.newestLastmod && (
            <text x={12} y={73} fontSize={11} fill={COLORS.muted}>
              {`newest ${n.node.newestLastmod.slice(0, 10)}`}
            </text>
          )}
        </>
      )}
      {expandable && (
        <g
          className="dg-toggle"
          transform={`translate(${BOX_W},${BOX_H / 2})`}
          aria-hidden="true"
          onPointerDown={(e) => e.stopPropagation()}
          onClick={(e) => {
            e.stopPropagation();
            onToggle(box);
          }}
        >
          <circle r={10} fill="#ffffff" stroke={color} strokeWidth={2} />
          <text x={0} y={4.5} fontSize={14} textAnchor="middle" fill={COLORS.text}>
            {n.expanded ? '−' : '+'}
          </text>
        </g>
      )}
    </g>
  );
}

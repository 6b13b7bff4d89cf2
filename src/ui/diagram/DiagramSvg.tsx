import { memo, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import { boxScene, COLORS, FONT_FAMILY, type Detail, type Part } from './box-scene';
import { BOX_H, BOX_W, type DiagramLayout, type PlacedBox } from './layout';
import { detailAt, sectionLabels } from './level-of-detail';
import { useWords } from '../i18n/words';

export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

export interface BoxHandlers {
  onPointerDown: (e: PointerEvent<SVGGElement>, box: PlacedBox) => void;
  onKeyDown: (e: KeyboardEvent<SVGGElement>, box: PlacedBox) => void;
  onToggle: (box: PlacedBox) => void;
  /** The pointer came onto a box (its URL is shown beside it), or left it (null). */
  onHover: (box: PlacedBox | null, e: PointerEvent<SVGGElement>) => void;
}

interface Props {
  /** Stable across renders: a box redraws only when it changes. */
  handlers: BoxHandlers;
  layout: DiagramLayout;
  transform: ViewTransform;
  /** The box in hand ('' when none). */
  selected: string;
  /** The box a dragged box would land on. */
  dropTarget: string | null;
  dragging: string | null;
  svgRef: Ref<SVGSVGElement>;
}

/** One part of a box, as React draws it (svg-text.ts writes the same parts as text). */
function PartEl({ part }: { part: Part }) {
  if (part.t === 'rect')
    return (
      <rect
        x={part.x}
        y={part.y}
        width={part.w}
        height={part.h}
        rx={part.rx}
        fill={part.fill}
        stroke={part.stroke}
        strokeWidth={part.sw}
        strokeDasharray={part.dash}
      />
    );
  if (part.t === 'circle') return <circle cx={part.cx} cy={part.cy} r={part.r} fill={part.fill} />;
  return (
    <text
      x={part.x}
      y={part.y}
      fontSize={part.size}
      fontWeight={part.bold ? 600 : undefined}
      textDecoration={part.strike ? 'line-through' : undefined}
      className={part.title ? 'dg-title' : undefined}
    >
      {part.runs.map((run, k) => (
        <tspan key={k} fill={run.fill}>
          {run.text}
        </tspan>
      ))}
    </text>
  );
}

/** The site as boxes and lines, zoomed and panned; text is drawn only where it can be read (level-of-detail.ts). */
export function DiagramSvg(props: Props) {
  const { layout, transform, svgRef } = props;
  const detail = detailAt(transform.k);
  const words = useWords();
  const sections = sectionLabels(layout, transform.k, words);
  return (
    <svg
      ref={svgRef}
      className="dg-svg"
      role="group"
      aria-label={words.t('pdf.siteDiagram')}
      xmlns="http://www.w3.org/2000/svg"
      fontFamily={FONT_FAMILY}
      data-width={layout.width}
      data-height={layout.height}
      data-detail={detail}
    >
      <g className="dg-content" transform={`translate(${transform.x},${transform.y}) scale(${transform.k})`}>
        <g fill="none" stroke={COLORS.line} strokeWidth={1.5}>
          {layout.links.map((l) => (
            <path key={l.key} d={l.d} />
          ))}
        </g>
        {sections.map((s) => (
          <g key={s.key} className="dg-section" aria-hidden="true">
            <rect
              x={s.x - 4 / transform.k}
              y={s.y - 4 / transform.k}
              width={s.w + 8 / transform.k}
              height={s.h + 8 / transform.k}
              rx={10 / transform.k}
              fill="#eef3fb"
              fillOpacity={0.55}
              stroke={COLORS.line}
              strokeWidth={1 / transform.k}
            />
          </g>
        ))}
        {layout.boxes.map((box) => (
          <Box
            key={box.node.key}
            box={box}
            detail={detail}
            selected={box.node.key === props.selected}
            dropTarget={props.dropTarget === box.node.key}
            dragging={props.dragging === box.node.key}
            handlers={props.handlers}
          />
        ))}
        {/*
         * The words, over the boxes but outside them: a box's name holds every word whole, while the
         * words drawn may be cut to its width (axe: label-content-name-mismatch), and the pointer goes through them.
         */}
        <g className="dg-words" aria-hidden="true" pointerEvents="none">
          {detail !== 'none' &&
            layout.boxes.map((box) => (
              <BoxWords key={box.node.key} box={box} detail={detail} dragging={props.dragging === box.node.key} />
            ))}
        </g>
        {sections.map((s) => (
          <text
            key={s.key}
            className="dg-section-label"
            x={s.x + 2 / transform.k}
            y={s.y - 8 / transform.k}
            fontSize={s.size}
            fontWeight={600}
            fill={COLORS.text}
            aria-hidden="true"
          >
            {s.text}
          </text>
        ))}
      </g>
    </svg>
  );
}

interface BoxProps {
  box: PlacedBox;
  detail: Detail;
  selected: boolean;
  dropTarget: boolean;
  dragging: boolean;
  handlers: BoxHandlers;
}

/** A box: redrawn only when it, its detail or its state changes (a pan redraws none). */
const Box = memo(function Box({ box, detail, selected, dropTarget, dragging, handlers }: BoxProps) {
  const n = box.node;
  const words = useWords();
  const scene = boxScene(n, detail, words);
  const expandable = n.kind === 'branch' && n.node.hasChildren;
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={scene.name}
      aria-pressed={n.kind === 'more' ? undefined : selected}
      aria-expanded={expandable ? n.expanded : undefined}
      className={`dg-box${dragging ? ' dg-dragging' : ''}`}
      data-key={n.key}
      data-kind={n.kind}
      data-status={n.kind === 'branch' ? (n.node.box?.plan?.status ?? '') : undefined}
      transform={`translate(${box.x},${box.y})`}
      onPointerDown={(e) => handlers.onPointerDown(e, box)}
      onKeyDown={(e) => handlers.onKeyDown(e, box)}
      onPointerEnter={(e) => handlers.onHover(box, e)}
      onPointerLeave={(e) => handlers.onHover(null, e)}
    >
      {scene.parts.map((p, k) => (p.t === 'text' ? null : <PartEl key={k} part={p} />))}
      {(selected || dropTarget) && (
        <rect
          width={BOX_W}
          height={BOX_H}
          rx={8}
          fill="none"
          stroke={COLORS.accent}
          strokeWidth={dropTarget ? 4 : 3.5}
          pointerEvents="none"
        />
      )}
      {expandable && (
        <g
          className="dg-toggle"
          transform={`translate(${BOX_W - 14},${BOX_H - 12})`}
          aria-hidden="true"
          onPointerDown={(e) => e.stopPropagation()}
          onClick={(e) => {
            e.stopPropagation();
            handlers.onToggle(box);
          }}
        >
          <circle r={9} fill="#ffffff" stroke={scene.stroke} strokeWidth={1.5} />
          <path d={n.expanded ? 'M-4.5,0H4.5' : 'M-4.5,0H4.5M0,-4.5V4.5'} stroke={COLORS.text} strokeWidth={1.8} />
        </g>
      )}
    </g>
  );
});

/** A box's words, drawn above it (see DiagramSvg). */
const BoxWords = memo(function BoxWords({
  box,
  detail,
  dragging,
}: {
  box: PlacedBox;
  detail: Detail;
  dragging: boolean;
}) {
  const scene = boxScene(box.node, detail, useWords());
  return (
    <g transform={`translate(${box.x},${box.y})`} opacity={dragging ? 0.45 : undefined}>
      {scene.parts.map((p, k) => (p.t === 'text' ? <PartEl key={k} part={p} /> : null))}
    </g>
  );
});

import { useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { RowView } from '../../worker/protocol';
import { useWords } from '../i18n/words';
import type { CellEditorProps, GridSlot, RowActions } from './grid-model';
import { splitLoc, splitTail } from './url-parts';
import { badgesThatFit } from './badge-fit';
import './badges.css';
import { readableUrl } from '../../core/view/readable-url';

export const CHANGEFREQ_LIST_ID = 'ut-changefreq-values';

/**
 * The row's selection box, drawn by CSS on a span: a native checkbox is a
 * form control Chromium styles and lays out on its own, on every row that
 * scrolls into view. Same role, name, state and click as the input it replaces;
 * the grid's Space key toggles it (the column's `activate`).
 */
export function SelectBox({ slot, actions }: { slot: GridSlot; actions: RowActions }) {
  const row = slot.row;
  const words = useWords();
  if (!row) return null;
  return (
    <span
      role="checkbox"
      className="ut-select-box"
      aria-checked={slot.selected}
      aria-label={words.t('grid.selectRow', { row: slot.pos + 1 })}
      onClick={(e: MouseEvent<HTMLSpanElement>) => actions.toggleSelect(slot.pos, row.id, e.shiftKey)}
    />
  );
}

/**
 * A loc drawn so its end stays readable: the origin (hidden from sight, not
 * from screen readers, when every drawn loc shares it), the middle (shortened
 * first, with an ellipsis), and the last segment, never cut.
 * Text, never a link: an imported `javascript:` loc must not become clickable.
 */
export function LocText({ slot }: { slot: GridSlot }) {
  const words = useWords();
  if (!slot.row)
    return (
      <span className="ut-placeholder" aria-label={words.t('grid.loading')}>
        …
      </span>
    );
  const { origin, head, tail } = splitLoc(readableUrl(slot.row.loc));
  // A homepage written without its slash (`https://www.example.com`) is all origin: shown whole, never an empty cell.
  const shared = origin !== '' && origin === slot.origin && (head !== '' || tail !== '');
  return (
    <>
      {origin !== '' && <span className={shared ? 'ut-origin visually-hidden' : 'ut-origin'}>{origin}</span>}
      {head !== '' && <span className="ut-loc-head">{head}</span>}
      {tail !== '' && <LocTail tail={tail} />}
    </>
  );
}

/** The last segment: whole, or (wider than the column) shortened before its last characters, never at its end. */
function LocTail({ tail }: { tail: string }) {
  const { start, end } = splitTail(tail);
  if (start === '') return <span className="ut-loc-tail">{end}</span>;
  return (
    <span className="ut-loc-tail ut-loc-tail-split">
      <span className="ut-loc-tail-start">{start}</span>
      <span className="ut-loc-tail-end">{end}</span>
    </span>
  );
}

/** A button on every row: a row without extensions can still get hreflang alternates. */
export function ExtButton({ slot, actions }: { slot: GridSlot; actions: RowActions }) {
  const row = slot.row;
  const words = useWords();
  if (!row) return null;
  return (
    <button
      type="button"
      tabIndex={-1}
      className={`ut-ext-button${row.ext > 0 ? '' : ' ut-ext-none'}`}
      // The name holds the count the button shows (axe: label-content-name-mismatch).
      aria-label={
        row.ext > 0
          ? words.t('grid.detailsOf', { row: slot.pos + 1, count: row.ext, summary: row.extSummary })
          : words.t('grid.detailsOfNone', { row: slot.pos + 1 })
      }
      onClick={() => actions.openDetails(row.id)}
    >
      {row.ext > 0 ? words.n(row.ext) : '+'}
    </button>
  );
}

/** A row's problems as badges, as many as fit the column's `width`, then "+N" for the rest (the cell's title lists them all). */
export function ProblemBadges({ row, width }: { row: RowView | undefined; width: number }) {
  if (!row || row.problems.length === 0) return null;
  const shown = row.problems.slice(
    0,
    badgesThatFit(
      row.problems.map((p) => p.code),
      width,
    ),
  );
  return (
    <span className="ut-badges">
      {shown.map((p, i) => (
        <span key={i} className={`ut-badge ut-badge-${p.severity}`} data-code={p.code}>
          {p.code}
        </span>
      ))}
      {row.problems.length > shown.length && (
        <span className="ut-more" data-testid="more-problems">
          +{row.problems.length - shown.length}
        </span>
      )}
    </span>
  );
}

/** The text editor of a cell; `list` offers a datalist's values. */
function Editor({ label, editing, actions, list }: CellEditorProps & { list?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = editing.caret;
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    if (caret === 'all') input.select();
    else input.setSelectionRange(input.value.length, input.value.length);
    // Only when the editor opens.
  }, [caret]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // The grid's own keys (arrows, Delete) must not act while typing.
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      actions.commit('stay');
    } else if (e.key === 'Tab') {
      e.preventDefault();
      actions.commit(e.shiftKey ? 'prev' : 'next');
    } else if (e.key === 'Escape') {
      e.preventDefault();
      actions.cancel();
    }
  };

  return (
    <input
      ref={ref}
      className="ut-editor"
      aria-label={label}
      value={editing.draft}
      spellCheck={false}
      autoComplete="off"
      list={list}
      onChange={(e) => actions.setDraft(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => actions.commit('none')}
      onDoubleClick={(e) => e.stopPropagation()}
    />
  );
}

export function TextEditor(props: CellEditorProps) {
  return <Editor {...props} />;
}

export function ChangefreqEditor(props: CellEditorProps) {
  return <Editor {...props} list={CHANGEFREQ_LIST_ID} />;
}

import { useState } from 'react';
import { useAppStore } from '../../store/app-store';
import type { ReportedProblem } from '../../worker/protocol';
import { SourceView } from './SourceView';
import { useWords } from '../i18n/words';
import { readableUrl } from '../../core/view/readable-url';
import { problemText } from '../../i18n/problem-text';

/**
 * One located problem. A row's problem is a button that selects the row in
 * the table and moves the focus there; a problem in a file's text (a line,
 * no row) opens the source lines around it. A problem of an index's
 * `<sitemap>` entry can also be edited here: the page lists an index's
 * entries nowhere else.
 */
export function ProblemExample({ problem: p }: { problem: ReportedProblem }) {
  const revealRow = useAppStore((s) => s.revealRow);
  const [open, setOpen] = useState(false);
  const words = useWords();
  const body = (
    <>
      {p.place && <code className="problem-place">{p.place}</code>}
      {p.loc && <span className="problem-loc">{readableUrl(p.loc)}</span>}
      <span className="problem-message">{problemText(p, words)}</span>
    </>
  );
  if (p.row !== undefined) {
    return (
      <button
        type="button"
        className="problem-jump"
        title={words.t('problems.selectRow')}
        onClick={() => void revealRow(p.row!, p.field)}
      >
        {body}
      </button>
    );
  }
  const entry = p.entry ? <IndexEntryEdit problem={p} /> : null;
  if (p.file && p.line) {
    return (
      <>
        <button
          type="button"
          className="problem-jump"
          aria-expanded={open}
          title={words.t(open ? 'problems.hideSource' : 'problems.showSource')}
          onClick={() => setOpen(!open)}
        >
          {body}
        </button>
        {entry}
        {open && <SourceView file={p.file} line={p.line} column={p.column ?? 0} />}
      </>
    );
  }
  return (
    <>
      {body}
      {entry}
    </>
  );
}

/** Edit, then a field with the entry's value, Save and Cancel: one undo step, as a cell's edit. */
function IndexEntryEdit({ problem: p }: { problem: ReportedProblem }) {
  const editIndexEntry = useAppStore((s) => s.editIndexEntry);
  const busy = useAppStore((s) => s.job !== null || s.editTask !== null);
  const [value, setValue] = useState<string | null>(null);
  const words = useWords();
  const entry = p.entry;
  if (!entry) return null;
  const label = words.t('problems.entryField', { field: entry.field, file: p.file ?? '' });
  if (value === null) {
    return (
      <button
        type="button"
        className="button button-small problem-entry-edit"
        aria-label={words.t('problems.editEntry', { field: entry.field, place: p.place })}
        disabled={busy}
        onClick={() => setValue(entry.value)}
      >
        {words.t('action.edit')}
      </button>
    );
  }
  async function save() {
    if (value === null) return;
    if (await editIndexEntry(entry!.index, entry!.field, value)) setValue(null);
  }
  return (
    <form
      className="problem-entry-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input
        type="text"
        aria-label={label}
        value={value}
        spellCheck={false}
        autoFocus
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setValue(null);
          }
        }}
      />
      <button type="submit" className="button button-small" disabled={busy}>
        {words.t('action.save')}
      </button>
      <button type="button" className="button button-small button-quiet" onClick={() => setValue(null)}>
        {words.t('action.cancel')}
      </button>
    </form>
  );
}

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
 * no row) opens the source lines around it.
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
        {open && <SourceView file={p.file} line={p.line} column={p.column ?? 0} />}
      </>
    );
  }
  return body;
}
